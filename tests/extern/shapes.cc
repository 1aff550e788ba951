// SPDX-License-Identifier: GPL-2.0
/*
 * An ordinary C++ program, written without the kit in mind: make shapes
 * from the specifications given as arguments ("circle:2", "rect:3x4",
 * "square:5"), print each with its area, then the total area of each
 * kind.  A bad specification is reported by an exception thrown three
 * calls below the loop in main() that catches it (parse_length, called by
 * parse_sizes, called by read_shape); a length that is not a number is
 * found by the C++ library's std::stol, whose exception read_shape()
 * turns into the program's own and throws on.  The exit status is the
 * number of specifications rejected.
 *
 * The calls an exception crosses are kept as calls (noinline): the point
 * is to unwind through real frames at any optimisation level.
 */
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#define NOINLINE __attribute__((noinline))

class bad_spec : public std::runtime_error {
public:
	bad_spec(const std::string &spec, const std::string &why)
		: std::runtime_error(spec + ": " + why)
	{
	}
};

class shape {
public:
	virtual ~shape() = default;
	virtual std::string kind() const = 0;
	virtual double area() const = 0;

	std::string describe() const
	{
		char buf[64];

		snprintf(buf, sizeof(buf), " area %.2f", area());
		return kind() + buf;
	}
};

class circle : public shape {
	long r;

public:
	explicit circle(long radius) : r(radius) {}
	std::string kind() const override { return "circle"; }
	double area() const override { return 3.14159265358979 * r * r; }
};

class rect : public shape {
protected:
	long w, h;

public:
	rect(long width, long height) : w(width), h(height) {}
	std::string kind() const override { return "rect"; }
	double area() const override { return double(w) * h; }
};

class square : public rect {
public:
	explicit square(long side) : rect(side, side) {}
	std::string kind() const override { return "square"; }
};

/* A running sum per key, whatever is summed. */
template <typename K, typename V> class tally {
	std::map<K, V> sums;

public:
	void add(const K &key, V v) { sums[key] += v; }

	template <typename F> void each(F f) const
	{
		for (const auto &kv : sums)
			f(kv.first, kv.second);
	}
};

static NOINLINE long parse_length(const std::string &spec,
				  const std::string &text)
{
	long v = std::stol(text);	/* std::invalid_argument if no number */

	if (v <= 0)
		throw bad_spec(spec, "length " + text + " is not positive");
	return v;
}

static NOINLINE std::vector<long> parse_sizes(const std::string &spec,
					      const std::string &text)
{
	std::vector<long> sizes;
	std::string::size_type start = 0, x;

	do {
		x = text.find('x', start);
		sizes.push_back(parse_length(spec, text.substr(start, x - start)));
		start = x + 1;
	} while (x != std::string::npos);
	return sizes;
}

template <typename S, typename... A>
static std::unique_ptr<shape> make(A... sizes)
{
	return std::unique_ptr<shape>(new S(sizes...));
}

static NOINLINE std::unique_ptr<shape> read_shape(const std::string &spec)
{
	std::string::size_type colon = spec.find(':');
	std::string kind = spec.substr(0, colon);
	std::vector<long> n;

	if (colon == std::string::npos)
		throw bad_spec(spec, "no sizes");
	try {
		n = parse_sizes(spec, spec.substr(colon + 1));
	} catch (const std::invalid_argument &) {
		throw bad_spec(spec, "a length is not a number");
	}
	if (kind == "circle" && n.size() == 1)
		return make<circle>(n[0]);
	if (kind == "square" && n.size() == 1)
		return make<square>(n[0]);
	if (kind == "rect" && n.size() == 2)
		return make<rect>(n[0], n[1]);
	throw bad_spec(spec, "no such shape");
}

int main(int argc, char **argv)
{
	std::vector<std::unique_ptr<shape>> shapes;
	tally<std::string, double> total;
	int rejected = 0;

	for (int i = 1; i < argc; i++) {
		try {
			shapes.push_back(read_shape(argv[i]));
		} catch (const bad_spec &e) {
			printf("rejected %s\n", e.what());
			rejected++;
		}
	}
	for (const auto &s : shapes) {
		printf("%s\n", s->describe().c_str());
		total.add(s->kind(), s->area());
	}
	total.each([](const std::string &kind, double sum) {
		printf("total %s %.2f\n", kind.c_str(), sum);
	});
	return rejected;
}
