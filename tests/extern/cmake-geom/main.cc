// SPDX-License-Identifier: GPL-2.0
/*
 * The program: each argument a shape; prints each area, the errors the
 * library threw, and the total.  Exit status: the number of errors.
 */
#include <cstdio>
#include "geom.h"

int main(int argc, char **argv)
{
	std::vector<std::unique_ptr<geom::shape>> shapes;
	int errors = 0;

	for (int i = 1; i < argc; i++) {
		try {
			shapes.push_back(geom::parse(argv[i]));
			std::printf("%s %.3f\n", shapes.back()->name().c_str(),
				    shapes.back()->area());
		} catch (const geom::bad_input &e) {
			std::printf("error: %s\n", e.what());
			errors++;
		}
	}
	std::printf("total %.3f (%ld rounded)\n", geom::total<double>(shapes),
		    geom::total<long>(shapes));
	return errors;
}
