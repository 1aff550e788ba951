/* A plugin that modmain dlopen()s and dlclose()s (test_modules.sh). */
static int __attribute__((noinline)) plugin_inner(int x)
{
	return x + 1000;
}

int plugin_entry(int x)
{
	return plugin_inner(x) * 2;
}
