// SPDX-License-Identifier: GPL-2.0
/*
 * Code both translation units compile: an inline function, a class with
 * members defined in the class, a template, and the C++ library's own
 * templates (std::string, std::vector).  g++ emits each of them in both
 * objects, in a COMDAT section group, and the linker keeps one copy: the
 * shape of every C++ program with more than one source file.
 */
#ifndef UNITS_H
#define UNITS_H

#include <string>
#include <vector>

#define NOINLINE __attribute__((noinline))

NOINLINE inline int weight(const std::string &word)
{
	int w = 0;

	for (char c : word)
		w += c - 'a' + 1;
	return w;
}

class tally {
public:
	NOINLINE void add(const std::string &word)
	{
		words.push_back(word);
		total += weight(word);
	}
	NOINLINE int sum() const { return total; }
	NOINLINE size_t count() const { return words.size(); }

private:
	std::vector<std::string> words;
	int total = 0;
};

template <typename T>
NOINLINE T largest(const std::vector<T> &v)
{
	T best = v.empty() ? T() : v[0];

	for (const T &x : v)
		if (x > best)
			best = x;
	return best;
}

/* unit_a.cc: the words of argv[] that start with a vowel */
void from_a(tally &t, int argc, char **argv);
/* unit_b.cc: the others */
void from_b(tally &t, int argc, char **argv);

#endif
