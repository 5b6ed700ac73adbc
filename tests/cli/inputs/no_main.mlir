func.func @k() {
  func.return
}
