/*
 * Another plugin with modplug.c's entry point and other functions
 * (test_modules.sh, test_libraries_mapped_at_one_address): loaded where
 * modplug was a moment before, its functions must be named as its own.
 */
static int __attribute__((noinline)) alt_step(int x)
{
	return x + 500;
}

static int __attribute__((noinline)) alt_twice(int x)
{
	return alt_step(x) + alt_step(x + 500);
}

int plugin_entry(int x)
{
	return alt_twice(x) * 2 - x * 2;
}
