// SPDX-License-Identifier: GPL-2.0
#include <cstdio>
#include <cstring>
#include "units.h"

void from_b(tally &t, int argc, char **argv)
{
	std::vector<std::string> seen;

	for (int i = 1; i < argc; i++)
		if (!strchr("aeiou", argv[i][0])) {
			t.add(argv[i]);
			seen.push_back(argv[i]);
		}
	printf("others: %zu words, last in order %s, weight %d\n", t.count(),
	       largest(seen).c_str(), t.sum());
}
