// SPDX-License-Identifier: GPL-2.0
#include <cstdio>
#include <cstring>
#include "units.h"

void from_a(tally &t, int argc, char **argv)
{
	std::vector<int> ws;

	for (int i = 1; i < argc; i++)
		if (strchr("aeiou", argv[i][0])) {
			t.add(argv[i]);
			ws.push_back(weight(argv[i]));
		}
	printf("vowels: %zu words, heaviest %d\n", t.count(), largest(ws));
}

int main(int argc, char **argv)
{
	tally vowels, others;

	from_a(vowels, argc, argv);
	from_b(others, argc, argv);
	printf("total %d\n", vowels.sum() + others.sum());
	return (vowels.sum() + others.sum()) % 7;
}
