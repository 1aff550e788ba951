// SPDX-License-Identifier: GPL-2.0
/*
 * A shared library whose destructor calls a traced function of its own,
 * at the program's exit (test_modules.sh): the dynamic loader runs it
 * after the program's destructors, and its calls must still be in the
 * trace (include/linux/init.h, __exit_last).
 */
#include <stdio.h>

__attribute__((noinline)) int moddtor_step(int x)
{
	return 7 * x;
}

int moddtor_fn(int x)
{
	return moddtor_step(x);
}

__attribute__((destructor)) static void moddtor_exit(void)
{
	printf("library destructor %d\n", moddtor_step(6));
}
