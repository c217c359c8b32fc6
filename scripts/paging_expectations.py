#!/usr/bin/env python3
"""Expected transforms for Tests/ModelTests/PagingTransformTests.swift.

A second, independent transcription of CollectionViewPagingLayout's ScaleTransformView and StackTransformView
formulas (Lib/Scale/ScaleTransformView.swift, Lib/Stack/StackTransformView.swift, Lib/TransformCurve.swift,
Lib/Utilities/CGFloat+Interpolate.swift), with plain 4x4 row-vector matrices as Core Animation uses them.
It prints the Swift literals the test compares against; rerun it only when a formula is found to be wrong.
"""
import math

W, H = 264.96, 502.48  # the Shapes card: 414 x 571 cell less 18% / 6% margins
PROGRESS = [-1.5, -0.5, 0, 0.3, 1, 2.2]


def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def identity():
    return [[1.0 if i == j else 0.0 for j in range(4)] for i in range(4)]


def translation(x, y, z):
    m = identity(); m[3][0], m[3][1], m[3][2] = x, y, z
    return m


def rotation(angle, x, y, z):
    n = math.sqrt(x * x + y * y + z * z)
    if n == 0:
        return identity()
    x, y, z = x / n, y / n, z / n
    c, s, k = math.cos(angle), math.sin(angle), 1 - math.cos(angle)
    return [[c + k * x * x, k * x * y + s * z, k * x * z - s * y, 0],
            [k * x * y - s * z, c + k * y * y, k * y * z + s * x, 0],
            [k * x * z + s * y, k * y * z - s * x, c + k * z * z, 0],
            [0, 0, 0, 1]]


def curve(name, x):
    if name == 'linear':
        return x
    if name == 'easeIn':
        return math.log10(1 + x * 9)
    return 1 - math.log10(1 + (9 - x * 9))


def interp(v, lo=0.0, hi=1.0, olo=0.0, ohi=1.0):
    v = min(max(v, lo), hi) if hi >= lo else v
    if v > hi: v = hi
    if v < lo: v = lo
    return olo + abs(v - lo) / abs(hi - lo) * abs(ohi - olo)


def swift_round(x):
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


def affine_matrix(a, b, c, d, tx, ty):
    m = identity(); m[0][0], m[0][1], m[1][0], m[1][1], m[3][0], m[3][1] = a, b, c, d, tx, ty
    return m


SCALE_DEFAULT = dict(minScale=0.75, maxScale=1, scaleRatio=0.25, tr=(0.93, 0.36), minTr=(-5, -5), maxTr=(5, 5),
                     keepV=True, keepH=True, scaleCurve='linear', trCurve='linear', rot=None, t3=None)

SCALE = {
    'blur': dict(minScale=0.6, scaleRatio=0.4, tr=(0.66, 0.2), maxTr=(2, 0)),
    'linear': dict(minScale=0.6, scaleRatio=0.4, tr=(0.66, 0.2), maxTr=(2, 0)),
    'easeIn': dict(minScale=0.6, scaleRatio=0.4, tr=(0.66, 0.2), scaleCurve='easeIn'),
    'easeOut': dict(minScale=0.6, scaleRatio=0.4, tr=(0.66, 0.2), trCurve='easeIn'),
    'rotary': dict(minScale=0, scaleRatio=0.4, tr=(0.1, 0.1), minTr=(-1, 0), maxTr=(1, 1),
                   rot=(math.pi / 15, -math.pi / 3, math.pi / 3, 0, 0, 1, -0.004),
                   t3=((0.9, 0.1, 0), (-3, -0.8, -0.3), (3, 0.8, -0.3))),
    'cylinder': dict(minScale=0.55, maxScale=0.55, scaleRatio=0, tr=(0, 0), minTr=(0, 0), maxTr=(0, 0),
                     rot=(math.pi / 4, -math.pi, math.pi, 0, 1, 0, -0.0004 - 0.8 * 0.0002),
                     t3=((0, 0, 0), (0, 0, 1.25), (0, 0, 1.25))),
    'invertedCylinder': dict(minScale=1.2, maxScale=1.2, scaleRatio=0, tr=(0, 0), minTr=(0, 0), maxTr=(0, 0),
                             rot=(math.pi / 3, -math.pi, math.pi, 0, -1, 0, -0.002),
                             t3=((0.1, 0, 0), (-0.05, 0, 0.86), (0.05, 0, -0.86))),
    'coverFlow': dict(minScale=0.7, maxScale=0.7, scaleRatio=0, tr=(0, 0), minTr=(0, 0), maxTr=(0, 0),
                      rot=(math.pi / 1.65, -math.pi / 3, math.pi / 3, 0, -1, 0, -0.0005),
                      t3=((0.1, 0, -0.7), (-0.1, 0, -3), (0.1, 0, 0))),
}


def scale_transform(o, p):
    o = {**SCALE_DEFAULT, **o}
    s = 1 - curve(o['scaleCurve'], abs(p)) * o['scaleRatio']
    s = max(s, o['minScale']); s = min(s, o['maxScale'])
    xa = (1 - s) * W / 2 if o['keepH'] else 0
    if o['keepH'] and p > 0: xa = -xa
    ya = (1 - s) * H / 2 if o['keepV'] else 0
    t = curve(o['trCurve'], abs(p))
    tx = W * o['tr'][0] * (t * (-1 if p < 0 else 1)) - xa
    ty = H * o['tr'][1] * abs(t) - ya
    if o['minTr'] is not None: tx = max(tx, W * o['minTr'][0]); ty = max(ty, H * o['minTr'][1])
    if o['maxTr'] is not None: tx = min(tx, W * o['maxTr'][0]); ty = min(ty, H * o['maxTr'][1])
    m = affine_matrix(s, 0, 0, s, tx, ty)
    if o['rot']:
        angle, lo, hi, x, y, z, m34 = o['rot']
        a = min(max(angle * p, lo), hi)
        m[2][3] = m34
        m = mat_mul(rotation(a, x, y, z), m)
    if o['t3']:
        r, lo, hi = o['t3']
        x = min(max(r[0] * p * W, lo[0] * W), hi[0] * W)
        y = min(max(r[1] * abs(p) * H, lo[1] * H), hi[1] * H)
        z = min(max(r[2] * abs(p) * W, lo[2] * W), hi[2] * W)
        m = mat_mul(translation(x, y, z), m)
    return m, 1.0, int(-abs(swift_round(p)))


STACK_DEFAULT = dict(scaleFactor=0.15, minScale=0, maxScale=1, maxStackSize=3, spacingFactor=0.03, maxSpacing=None,
                     alphaFactor=0.0, bottom=0.9, top=0.3, perspectiveRatio=0, rotate=0, popAngle=math.pi / 7,
                     pop=(-1.3, 0.3), position=(0, -1), reverse=False)

STACK = {
    'transparent': dict(scaleFactor=0.12, minScale=0.0, maxStackSize=4, alphaFactor=0.2, bottom=10, top=0.1,
                        popAngle=math.pi / 10, pop=(-1.45, 0.3)),
    'perspective': dict(scaleFactor=0.1, minScale=0.2, maxStackSize=6, spacingFactor=0.08, alphaFactor=0.0,
                        perspectiveRatio=0.3, popAngle=math.pi / 10, pop=(-1.45, 0.3), position=(1, 0)),
    'rotary': dict(scaleFactor=-0.03, minScale=0.2, maxStackSize=3, spacingFactor=0.01, alphaFactor=0.1,
                   rotate=math.pi / 16, popAngle=math.pi / 4, pop=(-1.45, 0.4), position=(0, 1)),
    'vortex': dict(scaleFactor=-0.15, minScale=0.2, maxScale=None, maxStackSize=4, spacingFactor=0, alphaFactor=0.4,
                   top=1, perspectiveRatio=-0.3, popAngle=math.pi, pop=(0, 0), position=(0, 1)),
    'reverse': dict(scaleFactor=0.1, maxScale=None, maxStackSize=4, spacingFactor=0.08, popAngle=-math.pi / 4,
                    pop=(1.45, 0.4), position=(-1, -0.2), reverse=True),
    'blur': dict(scaleFactor=0.1, maxScale=None, maxStackSize=7, spacingFactor=0.06, top=0.1, perspectiveRatio=0.04,
                 popAngle=-math.pi / 4, pop=(1.45, 0.4), position=(-1, 0), reverse=True),
}


def stack_transform(o, given):
    o = {**STACK_DEFAULT, **o}
    p = -given if o['reverse'] else given
    n = float(o['maxStackSize'])
    s = 1 - p * o['scaleFactor']
    if o['minScale'] is not None: s = max(o['minScale'], s)
    if o['maxScale'] is not None: s = min(o['maxScale'], s)
    sp = interp(p, 0, n)
    persp = curve('easeOut', sp) * o['perspectiveRatio']
    xs = W * o['spacingFactor']; ys = H * o['spacingFactor']
    if o['maxSpacing'] is not None: xs = min(xs, W * o['maxSpacing']); ys = min(ys, H * o['maxSpacing'])
    tx = xs * -max(p, 0) * -o['position'][0]
    ty = ys * -max(p, 0) * -o['position'][1]
    ya = ((s - 1) * H / 2 + persp * H) * -o['position'][1]
    xa = ((s - 1) * W / 2 + persp * W) * -o['position'][0]
    if p < 0:
        xa -= W * o['pop'][0] * p
        ya -= H * o['pop'][1] * p
    alpha = 1.0
    if p >= n - 1:
        alpha = 1 - interp(p, n - 1, n - 1 + o['bottom'])
    elif p < 0:
        alpha = interp(p, -1, -1 + o['top'])
    if alpha > 0 and p >= 0:
        alpha -= p * o['alphaFactor']
    if p <= 0:
        angle = -interp(abs(p), olo=0, ohi=abs(o['popAngle']))
        if o['popAngle'] < 0: angle = -angle
    else:
        frac = abs(p - int(p))
        angle = -frac * o['rotate'] * 2 + o['rotate']
        if int(p) % 2 == 0: angle = -angle
        if p < 1: angle += interp(1 - p, olo=0, ohi=o['rotate'])
    # translatedBy then scaledBy then rotated: rotation first, then scale, then translation (row vectors).
    m = mat_mul(rotation(angle, 0, 0, 1), mat_mul(affine_matrix(s, 0, 0, s, 0, 0), translation(tx + xa, ty + ya, 0)))
    z = -int(swift_round(given))
    if o['reverse']: z = -z
    return m, alpha, z


def literal(m):
    return '[' + ', '.join(repr(round(v, 9) + 0.0) for row in m for v in row) + ']'


if __name__ == '__main__':
    for kind, table, fn in (('scale', SCALE, scale_transform), ('stack', STACK, stack_transform)):
        for name, o in table.items():
            print(f'        // {kind} {name}')
            for p in PROGRESS:
                m, alpha, z = fn(o, p)
                print(f'        ("{kind}", "{name}", {p}, {literal(m)}, {round(alpha, 9)}, {z}),')
