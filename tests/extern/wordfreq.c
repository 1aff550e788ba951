// SPDX-License-Identifier: GPL-2.0
/*
 * An ordinary program, written without the kit in mind: count the words of
 * its arguments in a small hash table and print them by frequency.  The
 * kit's tests build it with scripts/ftrace-cc only.  qsort() calls
 * by_count() from inside the C library.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct word {
	char *text;
	int count;
	struct word *next;
};

static struct word *table[64];

static unsigned int hash(const char *s)
{
	unsigned int h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % 64;
}

static void add_word(const char *s)
{
	struct word *w;

	for (w = table[hash(s)]; w; w = w->next) {
		if (!strcmp(w->text, s)) {
			w->count++;
			return;
		}
	}
	w = malloc(sizeof(*w));
	w->text = strdup(s);
	w->count = 1;
	w->next = table[hash(s)];
	table[hash(s)] = w;
}

static int by_count(const void *a, const void *b)
{
	const struct word *x = *(struct word *const *)a;
	const struct word *y = *(struct word *const *)b;

	if (x->count != y->count)
		return y->count - x->count;
	return strcmp(x->text, y->text);
}

int main(int argc, char **argv)
{
	struct word *all[256], *w;
	int i, n = 0;

	for (i = 1; i < argc; i++)
		add_word(argv[i]);
	for (i = 0; i < 64; i++)
		for (w = table[i]; w && n < 256; w = w->next)
			all[n++] = w;
	qsort(all, n, sizeof(all[0]), by_count);
	for (i = 0; i < n; i++)
		printf("%d %s\n", all[i]->count, all[i]->text);
	return n == 0;
}
