// SPDX-License-Identifier: GPL-2.0
/* Calls the arch's bad_frame_function (arch/<arch>/tests/bad_frame.S). */
#include <stdio.h>

void bad_frame_function(void);

int main(void)
{
	printf("calling bad_frame_function\n");
	fflush(stdout);
	bad_frame_function();
	printf("survived\n");
	return 0;
}
