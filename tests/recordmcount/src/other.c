/* A second traced object, with only static and weak functions besides one. */
static __attribute__((noinline)) int twice(int a)
{
	return a * 2;
}

__attribute__((weak)) int weak_only(int a)
{
	return twice(a) + 1;
}

int other_fn(int a)
{
	return weak_only(a) + twice(a);
}
