/*
 * Linked (without -pg) beside the traced objects by the recordmcount
 * tests: defines the arch's mcount symbol (MCOUNT_SYMBOL on the command
 * line) and references the table bounds so that ld defines them.
 */
extern const char __start___mcount_loc[], __stop___mcount_loc[];
const void *mcount_loc_bounds[2] = {
	__start___mcount_loc, __stop___mcount_loc
};

void MCOUNT_SYMBOL(void)
{
}
