// SPDX-License-Identifier: GPL-2.0
/* The program linked against libmoddtor.so (tests/stage1/src/moddtor.c). */
#include <stdio.h>

int moddtor_fn(int x);

__attribute__((destructor)) static void main_exit(void)
{
	printf("program destructor %d\n", moddtor_fn(2));
}

int main(void)
{
	printf("main %d\n", moddtor_fn(1));
	return 0;
}
