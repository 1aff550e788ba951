/* Replaces weakonly.c's weak_add at link time; main checks which one ran. */
#include <stdio.h>

int weak_twice(int a);

int weak_add(int a, int b)
{
	return a * b;
}

int main(void)
{
	int r = weak_twice(6);

	printf("weak_twice(6) = %d\n", r);
	return r == 37 ? 0 : 1;
}
