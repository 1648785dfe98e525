package archmod

const cacheLineSize = 64
