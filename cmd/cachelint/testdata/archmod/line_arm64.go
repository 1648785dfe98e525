package archmod

const cacheLineSize = 128
