package arch

const lineSize = 128
