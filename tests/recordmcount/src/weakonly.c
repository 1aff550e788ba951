/*
 * Only weak functions.  Built as the kernel builds, without unwind tables,
 * x86_64's assembler (binutils 2.40) emits no section symbol for .text,
 * and a weak symbol is no anchor for __mcount_loc entries: recordmcount
 * has to add a section symbol itself (docs/03-mcount-record.md, 3.2).
 */
__attribute__((weak)) int weak_add(int a, int b)
{
	return a + b;
}

__attribute__((weak)) int weak_twice(int a)
{
	return weak_add(a, a) + 1;
}
