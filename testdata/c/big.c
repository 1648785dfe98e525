/* 2^61 bytes, in two arrays of 2^60, the most an array may have. */
struct big { char a[1UL << 60]; char b[1UL << 60]; };
struct big *p;
