// SPDX-License-Identifier: GPL-2.0
/*
 * The program's constructors and destructors, of the first priority a
 * program may use (101) and of none, and an atexit() handler: each calls
 * a traced function, and each of those calls must be in the trace (the
 * kit's start-up levels run before them, its trace is written after
 * them: include/linux/init.h).
 * Prints "first 11 plain 22 main", then at exit "handler 33",
 * "plain 44", "first 55", one a line.
 */
#include <stdio.h>
#include <stdlib.h>

#define noinline __attribute__((noipa))

noinline int helper(int x)
{
	return 11 * x;
}

static int first, plain;

__attribute__((constructor(101))) static void first_ctor(void)
{
	first = helper(1);
}

__attribute__((constructor)) static void plain_ctor(void)
{
	plain = helper(2);
}

static void exit_handler(void)
{
	printf("handler %d\n", helper(3));
}

__attribute__((destructor)) static void plain_dtor(void)
{
	printf("plain %d\n", helper(4));
}

__attribute__((destructor(101))) static void first_dtor(void)
{
	printf("first %d\n", helper(5));
}

int main(void)
{
	atexit(exit_handler);
	printf("first %d plain %d main\n", first, plain);
	return 0;
}
