/* A shared library linked into modmain (test_modules.sh). */
int modlib_step(int x)
{
	return x * 3 + 1;
}

int modlib_walk(int n)
{
	int s = 0, i;

	for (i = 0; i < n; i++)
		s += modlib_step(i);
	return s;
}
