package io.asynclog.loadtests.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * How far the request lines of one log file are out of time order. Read top to bottom, a
 * request line whose timestamp is older than the newest timestamp of a request line written
 * before it is out of order, by the difference. Threads that log at the same time can reach
 * a file in another order than their timestamps say: a synchronous appender takes its lock
 * after the timestamp is read, and an asynchronous mode stamps the event on the logging thread
 * but writes it later, on the background thread, in the order the ring or queue hands it over.
 *
 * <p>The timestamp is parsed by the pattern in use ({@link Format}), to the millisecond; lines
 * without a timestamp where the pattern puts it are counted as {@code unparsed} and otherwise
 * left out.
 *
 * @author asynclog
 */
public final class LineOrder {

	public enum Format {

		/** The study and plain patterns: {@code yyyy-MM-dd HH:mm:ss,SSS} just before the first {@code ]}. */
		BRACKETED,

		/** Spring Boot's console pattern: the line starts with {@code yyyy-MM-dd'T'HH:mm:ss.SSSXXX}. */
		BOOT_CONSOLE

	}

	/**
	 * The outcome for one file: request lines older than the newest one before them, the largest
	 * such difference (0 when none), request lines whose timestamp could not be read.
	 */
	public record Result(long requestLines, long outOfOrder, long maxJumpBackMillis, long unparsed) {

		/** The worse of two files: the counts of the one with more lines out of order, the larger jump. */
		Result worse(Result other) {
			Result more = (other.outOfOrder > this.outOfOrder) ? other : this;
			return new Result(more.requestLines, more.outOfOrder,
					Math.max(this.maxJumpBackMillis, other.maxJumpBackMillis), more.unparsed);
		}

	}

	private LineOrder() {
	}

	public static Result scan(Path file, Format format) throws IOException {
		long lines = 0;
		long outOfOrder = 0;
		long maxJump = 0;
		long unparsed = 0;
		long newest = Long.MIN_VALUE;
		try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
			String line;
			while ((line = reader.readLine()) != null) {
				if (LineCheck.requestNumber(line) < 0) {
					continue;
				}
				lines++;
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
		return new Result(lines, outOfOrder, maxJump, unparsed);
	}

	/** Scans several files that each hold every request line: the worst file's counts, the largest jump of any. */
	public static Result scanAll(Iterable<Path> files, Format format) throws IOException {
		Result worst = new Result(0, 0, 0, 0);
		for (Path file : files) {
			if (Files.isRegularFile(file)) {
				worst = worst.worse(scan(file, format));
			}
		}
		return worst;
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

}
