// SPDX-License-Identifier: GPL-2.0
/*
 * The globs that filter files accept: '*' any run, '?' one character,
 * '[abc]' / '[a-z]' / '[!a-z]' a class.  (A leading '!' that removes
 * functions from a filter is the filter's business, not the glob's.)
 */
#include <errno.h>
#include <stddef.h>
#include <linux/glob.h>

/* Where the class starting at p (just after '[') ends, or NULL. */
static const char *class_end(const char *p)
{
	if (*p == '!')
		p++;
	if (*p == ']')		/* a leading ']' is a member */
		p++;
	while (*p && *p != ']')
		p++;
	return *p ? p : NULL;
}

int ftrace_glob_check(const char *glob)
{
	const char *p;

	if (!*glob)
		return -EINVAL;
	for (p = glob; *p; p++) {
		if (*p == '[') {
			p = class_end(p + 1);
			if (!p)
				return -EINVAL;
		}
	}
	return 0;
}

static int class_match(const char *p, const char *end, char c)
{
	int neg = 0, hit = 0;

	if (*p == '!') {
		neg = 1;
		p++;
	}
	for (; p < end; p++) {
		if (p[1] == '-' && p + 2 < end) {
			hit |= c >= p[0] && c <= p[2];
			p += 2;
		} else {
			hit |= c == *p;
		}
	}
	return hit != neg;
}

int ftrace_glob_match(const char *glob, const char *str)
{
	const char *star = NULL, *resume = NULL;

	while (*str) {
		if (*glob == '*') {
			star = ++glob;	/* remember: may need to eat more */
			resume = str;
			continue;
		}
		if (*glob == '[') {
			const char *end = class_end(glob + 1);

			if (end && class_match(glob + 1, end, *str)) {
				glob = end + 1;
				str++;
				continue;
			}
		} else if (*glob && (*glob == '?' || *glob == *str)) {
			glob++;
			str++;
			continue;
		}
		if (!star)
			return 0;
		glob = star;		/* let the last '*' take one more */
		str = ++resume;
	}
	while (*glob == '*')
		glob++;
	return !*glob;
}
