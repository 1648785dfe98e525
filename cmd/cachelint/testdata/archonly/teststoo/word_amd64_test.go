package teststoo

const hostWord = 8
