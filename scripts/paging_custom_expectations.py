#!/usr/bin/env python3
"""The Fruits cell's card transform, transcribed a second time from the sample's formulas with plain 4x4
row-vector matrices (CATransform3DRotate(t, a, x, y, z) = R(a, axis) . t), apart from the Swift code.
Prints the rows Tests/ModelTests/PagingCustomTransformTests.swift checks."""
import math

def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]

def rotation(angle, x, y, z):
    n = math.sqrt(x * x + y * y + z * z); x, y, z = x / n, y / n, z / n
    c, s = math.cos(angle), math.sin(angle); k = 1 - c
    return [[c + k * x * x, k * x * y + s * z, k * x * z - s * y, 0],
            [k * x * y - s * z, c + k * y * y, k * y * z + s * x, 0],
            [k * x * z + s * y, k * y * z - s * x, c + k * z * z, 0],
            [0, 0, 0, 1]]

def identity():
    return [[1.0 if i == j else 0.0 for j in range(4)] for i in range(4)]

def fruit_card(p, width=414.0):
    t = identity()
    if p < 0:
        angle = max(-abs(-math.pi / 3 * p), -math.pi / 3)
        t[2][3] = -0.011
        return mul(rotation(angle, 0, 1, 1), t)
    angle = max(-abs(-math.pi / 8 * p), -math.pi / 8)
    t[2][3] = 0.002
    t[3][0] = width * 0.093 * p
    return mul(rotation(angle, 0, 1, -0.1), t)

for p in (-1.5, -0.5, 0.3, 1.0, 2.0):
    m = fruit_card(p)
    print(p, [round(v, 9) for row in m for v in row])
