func @k() {
  return
}
