package io.asynclog.loadtests.http;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Stream;

/**
 * Checks that no request line was lost or duplicated: each file that holds request lines
 * ({@link RunConfig#requestLineFiles}) must hold exactly as many request lines as the app handled
 * {@code /log} requests times the lines each request logs, with every request number 1..count
 * among them (none for {@code logging-off}), and the client cannot have seen more successful
 * requests than the app counted.
 *
 * <p>The same pass measures how far the request lines of each file are out of time order. Read top
 * to bottom, a request line whose timestamp is older than the newest timestamp of a request line
 * written before it is out of order, by the difference. Threads that log at the same time can reach
 * a file in another order than their timestamps say: a synchronous appender takes its lock after
 * the timestamp is read, and an asynchronous mode stamps the event on the logging thread but writes
 * it later, on the background thread, in the order the ring or queue hands it over. The timestamp is
 * parsed by the pattern in use ({@link Format}), to the millisecond; request lines without a
 * timestamp where the pattern puts it are counted as {@code unparsed} and otherwise left out.
 *
 * @author asynclog
 */
final class LineCheck {

	static final String MARKER = "request ";

	enum Format {

		/** The study and plain patterns: {@code yyyy-MM-dd HH:mm:ss,SSS} just before the first {@code ]}. */
		BRACKETED,

		/** Spring Boot's console pattern: the line starts with {@code yyyy-MM-dd'T'HH:mm:ss.SSSXXX}. */
		BOOT_CONSOLE

	}

	/**
	 * The time order of one file's request lines: those older than the newest one before them, the
	 * largest such difference (0 when none), those whose timestamp could not be read.
	 */
	record Order(long requestLines, long outOfOrder, long maxJumpBackMillis, long unparsed) {

		static final Order NONE = new Order(0, 0, 0, 0);

		/** The worse of two files: the counts of the one with more lines out of order, the larger jump. */
		Order worse(Order other) {
			Order more = (other.outOfOrder > this.outOfOrder) ? other : this;
			return new Order(more.requestLines, more.outOfOrder,
					Math.max(this.maxJumpBackMillis, other.maxJumpBackMillis), more.unparsed);
		}

	}

	/** What one file holds: request lines, distinct request numbers among them within 1..expected, their order. */
	record FileCount(Path file, long lines, long distinct, Order order) {
	}

	/**
	 * The outcome.
	 * @param expected request lines each file must hold
	 * @param found the fewest request lines found in a file
	 */
	record Result(long expected, long found, boolean ok, List<FileCount> files, List<String> problems) {

		/** The worst file's order counts (every file holds every request line), the largest jump of any. */
		Order order() {
			return this.files.stream().map(FileCount::order).reduce(Order.NONE, Order::worse);
		}

		Result withProblem(String problem) {
			return new Result(this.expected, this.found, false, this.files,
					Stream.concat(this.problems.stream(), Stream.of(problem)).toList());
		}

		/**
		 * Request lines that never reached the file that holds the fewest: what a configuration
		 * that may drop lines ({@link RunConfig#lossCounted()}) lost, and 0 when nothing is missing.
		 */
		long lost() {
			return Math.max(0, this.expected - this.found);
		}

	}

	private LineCheck() {
	}

	/**
	 * Counts and checks, {@code handled} being the app's {@code /log/count} just before it was
	 * stopped and {@code clientOk} the successful requests the clients saw (warm-up and Gatling).
	 * A configuration that may drop lines by design ({@link RunConfig#lossCounted()}) may hold fewer
	 * request lines than expected, the missing ones being counted ({@link Result#lost()}), never more.
	 */
	static Result check(List<Path> files, Format format, boolean loggingOff, boolean lossCounted, int linesPerRequest,
			long handled, long clientOk) throws IOException {
		long expected = loggingOff ? 0 : handled * linesPerRequest;
		long expectedRequests = loggingOff ? 0 : handled;
		List<FileCount> counts = new ArrayList<>();
		List<String> problems = new ArrayList<>();
		long found = Long.MAX_VALUE;
		for (Path file : files) {
			FileCount count = Files.isRegularFile(file) ? count(file, expectedRequests, format)
					: new FileCount(file, 0, 0, Order.NONE);
			if (!Files.isRegularFile(file)) {
				problems.add(file.getFileName() + " is missing");
			}
			counts.add(count);
			found = Math.min(found, count.lines());
			if (lossCounted && !loggingOff) {
				if (count.lines() > expected) {
					problems.add(file.getFileName() + " holds " + count.lines() + " request lines, more than the "
							+ expected + " logged");
				}
			}
			else if (count.lines() != expected) {
				problems.add(file.getFileName() + " holds " + count.lines() + " request lines, expected " + expected);
			}
			else if (count.distinct() != expectedRequests) {
				problems.add(file.getFileName() + " holds " + count.distinct() + " distinct request numbers of 1.."
						+ expectedRequests);
			}
		}
		if (clientOk > handled) {
			problems.add("the clients saw " + clientOk + " successful requests, more than /log/count " + handled);
		}
		return new Result(expected, (found == Long.MAX_VALUE) ? 0 : found, problems.isEmpty(), List.copyOf(counts),
				List.copyOf(problems));
	}

	static FileCount count(Path file, long expected, Format format) throws IOException {
		long lines = 0;
		BitSet seen = new BitSet((int) Math.min(Math.max(expected, 0) + 1, Integer.MAX_VALUE));
		long outOfOrder = 0;
		long maxJump = 0;
		long unparsed = 0;
		long newest = Long.MIN_VALUE;
		try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
			String line;
			while ((line = reader.readLine()) != null) {
				long number = requestNumber(line);
				if (number < 0) {
					continue;
				}
				lines++;
				if (number >= 1 && number <= expected && number < Integer.MAX_VALUE) {
					seen.set((int) number);
				}
				long millis = millis(line, format);
				if (millis == Long.MIN_VALUE) {
					unparsed++;
				}
				else if (millis < newest) {
					outOfOrder++;
					maxJump = Math.max(maxJump, newest - millis);
				}
				else {
					newest = millis;
				}
			}
		}
		return new FileCount(file, lines, seen.cardinality(), new Order(lines, outOfOrder, maxJump, unparsed));
	}

	/** The request number of a request line ({@code "request "} and 10 digits), or -1 if the line is not one. */
	static long requestNumber(String line) {
		for (int at = line.indexOf(MARKER); at >= 0; at = line.indexOf(MARKER, at + 1)) {
			int digits = at + MARKER.length();
			long number = 0;
			for (int i = digits; i < digits + 10 && number >= 0; i++) {
				char c = (i < line.length()) ? line.charAt(i) : 'x';
				number = (c >= '0' && c <= '9') ? number * 10 + (c - '0') : -1;
			}
			if (number >= 0) {
				return number;
			}
		}
		return -1;
	}

	/**
	 * The line's timestamp as milliseconds on a local time line (the zone does not matter for
	 * order within one file), or {@link Long#MIN_VALUE} when it has none where the format says.
	 */
	static long millis(String line, Format format) {
		String shape = (format == Format.BRACKETED) ? "0000-00-00 00:00:00,000" : "0000-00-00T00:00:00.000";
		int at = (format == Format.BRACKETED) ? line.indexOf(']') - shape.length() : 0;
		if (at < 0 || at + shape.length() > line.length()) {
			return Long.MIN_VALUE;
		}
		for (int i = 0; i < shape.length(); i++) {
			char c = line.charAt(at + i);
			if ((shape.charAt(i) == '0') ? (c < '0' || c > '9') : (c != shape.charAt(i))) {
				return Long.MIN_VALUE;
			}
		}
		try {
			return LocalDateTime.of(number(line, at, 4), number(line, at + 5, 2), number(line, at + 8, 2),
					number(line, at + 11, 2), number(line, at + 14, 2), number(line, at + 17, 2))
				.toEpochSecond(ZoneOffset.UTC) * 1000 + number(line, at + 20, 3);
		}
		catch (DateTimeException ex) {
			return Long.MIN_VALUE;
		}
	}

	private static int number(String line, int from, int digits) {
		return Integer.parseInt(line, from, from + digits, 10);
	}

	/**
	 * Removes the request lines from a file once they are counted (Spring Boot's console output
	 * holds them next to the app's other output, which is worth keeping), and says how many went.
	 */
	static void stripRequestLines(Path file) throws IOException {
		if (!Files.isRegularFile(file)) {
			return;
		}
		Path kept = file.resolveSibling(file.getFileName() + ".kept");
		long removed = 0;
		try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1);
				BufferedWriter writer = Files.newBufferedWriter(kept, StandardCharsets.ISO_8859_1)) {
			String line;
			while ((line = reader.readLine()) != null) {
				if (requestNumber(line) >= 0) {
					removed++;
				}
				else {
					writer.write(line);
					writer.newLine();
				}
			}
			writer.write("[http-comparison] " + removed + " request lines removed after the line check");
			writer.newLine();
		}
		Files.move(kept, file, StandardCopyOption.REPLACE_EXISTING);
	}

}
