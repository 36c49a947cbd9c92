#!/usr/bin/env python3
# The figures tests/DvdStore.Tests/Analysis/UslFitTests.cs pins (python3 scripts/usl-reference.py; needs python3-mpmath).
# Independent reference for UslFit: least squares by Gauss-Newton in 40-digit arithmetic (mpmath), Jacobian by
# numerical differentiation (not the C# formula), covariance s^2 (J'J)^-1 over the free coefficients, t from the
# regularised incomplete beta function.
import sys
from mpmath import mp, mpf, matrix, sqrt, betainc, findroot, diff, lu_solve, inverse
mp.dps = 40

def model(l, s, k, n): return l * n / (1 + s * (n - 1) + k * n * (n - 1))

def fit(pts, free):
    # free: which of (lambda, sigma, kappa) move; start from a rough guess
    p = [mpf(pts[0][1]) / pts[0][0], mpf('0.05'), mpf('0.001')]
    for i in range(3):
        if i not in free: p[i] = mpf(0)
    for it in range(200):
        r = [mpf(x) - model(p[0], p[1], p[2], n) for n, x in pts]
        J = matrix(len(pts), len(free))
        for row, (n, x) in enumerate(pts):
            for c, i in enumerate(free):
                def f(v, i=i, n=n):
                    q = list(p); q[i] = v; return model(q[0], q[1], q[2], n)
                J[row, c] = diff(f, p[i])
        JtJ = J.T * J
        step = lu_solve(JtJ, J.T * matrix(r))
        for c, i in enumerate(free): p[i] += step[c]
        if max(abs(s) for s in step) < mpf(10) ** -35: break
    r = [mpf(x) - model(p[0], p[1], p[2], n) for n, x in pts]
    rss = sum(v * v for v in r)
    mean = sum(mpf(x) for _, x in pts) / len(pts)
    tss = sum((mpf(x) - mean) ** 2 for _, x in pts)
    df = len(pts) - len(free)
    cov = inverse(J.T * J) * (rss / df)
    t = findroot(lambda t: 1 - betainc(mpf(df) / 2, mpf(1) / 2, 0, df / (df + t * t), regularized=True) / 2 - mpf('0.975'), 2)
    hw = {i: t * sqrt(cov[c, c]) for c, i in enumerate(free)}
    return p, 1 - rss / tss, df, t, hw

def show(name, pts, free):
    p, r2, df, t, hw = fit(pts, free)
    print(name, 'lambda', mp.nstr(p[0], 15), 'sigma', mp.nstr(p[1], 15), 'kappa', mp.nstr(p[2], 15))
    print('   R2', mp.nstr(r2, 15), 'df', df, 't', mp.nstr(t, 12), 'hw', {k: mp.nstr(v, 12) for k, v in hw.items()})

# A: seven points around lambda 1000, sigma 0.05, kappa 0.002 with hand-made errors.
A = [(1, 1010), (2, 1830), (4, 3310), (8, 4920), (16, 5650), (32, 4780), (64, 3050)]
show('A free', A, [0, 1, 2])
# B: four points, exact USL(1000, 0.05, 0.002) but the last raised by 0.1 %: df = 1.
B = [(n, float(model(mpf(1000), mpf('0.05'), mpf('0.002'), n))) for n in (1, 2, 4, 8)]
B[3] = (8, B[3][1] * 1.001)
print('B points', B)
show('B free', B, [0, 1, 2])
# C: superlinear: sigma would be negative; linear fit lambda only.
C = [(1, 1000), (2, 2100), (4, 4300), (8, 8800)]
show('C linear', C, [0])
