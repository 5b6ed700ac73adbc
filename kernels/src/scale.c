// scale.c: the C source that kernels/scale_c.mlir records in its locations, as a C
// front end (Polygeist, ClangIR) would. Multiplies a prefix of a buffer by k in place
// and returns the sum of the new values.
int scale(int a[8], long n, int k) {
  int s = 0;
  for (long i = 0; i < n; i++) {
    int w = a[i] * k;
    a[i] = w;
    s += w;
  }
  return s;
}
