/*
 * Call sites of every kind recordmcount must find: global, static (local),
 * weak, leaf and non-leaf functions, a function in a section of its own,
 * and main in .text.startup; and a reference to mcount that is not a call.
 */
int counter;

static __attribute__((noinline)) int local_fn(int x)
{
	counter += x;
	return x * 3;
}

__attribute__((weak, noinline)) int weak_fn(int x)
{
	return x + 1;
}

__attribute__((noinline)) int leaf_fn(int a)
{
	return a + 7;
}

__attribute__((noinline, section(".text.custom"))) int custom_fn(int a)
{
	return local_fn(a) - 1;
}

__attribute__((noinline)) int nonleaf_fn(int a)
{
	return local_fn(a) + weak_fn(a) + leaf_fn(a) + custom_fn(a);
}

/*
 * Takes mcount's address without calling it (the kit's MIPS unwinder does
 * this): no call site, although a relocation against mcount is there.
 * notrace, so that it has no site of its own either.
 */
extern void MCOUNT_SYMBOL(void);	/* -DMCOUNT_SYMBOL=: the arch's name */

__attribute__((noinline, no_instrument_function)) unsigned long
mcount_address(void)
{
	return (unsigned long)MCOUNT_SYMBOL;
}

int other_fn(int a);

int main(int argc, char **argv)
{
	(void)argv;
	return nonleaf_fn(argc) + other_fn(argc) == 0;
}
