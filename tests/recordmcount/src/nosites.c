/* No functions at all: an object without call sites. */
const char nosites_banner[] = "no call sites in here";
int nosites_table[4] = { 1, 2, 3, 4 };
