package io.asynclog.loadtests.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDate;

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

	/** Where a line carries its timestamp. */
	public enum Format {

		/**
		 * The study and plain patterns: {@code [%-5p ... %d{yyyy-MM-dd HH:mm:ss,SSS}]  %m%n}, the
		 * timestamp the 23 characters before the first {@code ]}.
		 */
		BRACKETED,

		/**
		 * Spring Boot's console pattern: the line starts with
		 * {@code yyyy-MM-dd'T'HH:mm:ss.SSSXXX}.
		 */
		BOOT_CONSOLE

	}

	/**
	 * The outcome for one file.
	 * @param requestLines request lines read
	 * @param outOfOrder request lines older than the newest one before them
	 * @param maxJumpBackMillis the largest such difference, in ms (0 when none)
	 * @param unparsed request lines whose timestamp could not be read
	 */
	public record Result(long requestLines, long outOfOrder, long maxJumpBackMillis, long unparsed) {

		static final Result NONE = new Result(0, 0, 0, 0);

		/** The worse of two files: the counts of the one with more lines out of order, the larger jump. */
		Result worse(Result other) {
			Result more = (other.outOfOrder > this.outOfOrder) ? other : this;
			return new Result(more.requestLines, more.outOfOrder,
					Math.max(this.maxJumpBackMillis, other.maxJumpBackMillis), more.unparsed);
		}

	}

	private LineOrder() {
	}

	/**
	 * Reads a file top to bottom.
	 * @param file the log file
	 * @param format where its lines carry the timestamp
	 * @return the counts
	 * @throws IOException if it cannot be read
	 */
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
					continue;
				}
				if (millis < newest) {
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

	/**
	 * Scans several files that each hold every request line.
	 * @param files the files
	 * @param format where their lines carry the timestamp
	 * @return the worst file's counts, with the largest jump back of any
	 * @throws IOException if one cannot be read
	 */
	public static Result scanAll(Iterable<Path> files, Format format) throws IOException {
		Result worst = Result.NONE;
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
		int at;
		char dateTime;
		char fraction;
		if (format == Format.BRACKETED) {
			int close = line.indexOf(']');
			at = close - 23;
			dateTime = ' ';
			fraction = ',';
		}
		else {
			at = 0;
			dateTime = 'T';
			fraction = '.';
		}
		if (at < 0 || at + 23 > line.length()) {
			return Long.MIN_VALUE;
		}
		if (line.charAt(at + 4) != '-' || line.charAt(at + 7) != '-' || line.charAt(at + 10) != dateTime
				|| line.charAt(at + 13) != ':' || line.charAt(at + 16) != ':' || line.charAt(at + 19) != fraction) {
			return Long.MIN_VALUE;
		}
		int year = digits(line, at, 4);
		int month = digits(line, at + 5, 2);
		int day = digits(line, at + 8, 2);
		int hour = digits(line, at + 11, 2);
		int minute = digits(line, at + 14, 2);
		int second = digits(line, at + 17, 2);
		int milli = digits(line, at + 20, 3);
		if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0
				|| minute > 59 || second < 0 || second > 60 || milli < 0) {
			return Long.MIN_VALUE;
		}
		long days;
		try {
			days = LocalDate.of(year, month, day).toEpochDay();
		}
		catch (DateTimeException ex) {
			return Long.MIN_VALUE;
		}
		return (((days * 24 + hour) * 60 + minute) * 60 + second) * 1000 + milli;
	}

	/** The number in {@code count} digits at {@code from}, or -1 if one is not a digit. */
	private static int digits(String line, int from, int count) {
		int value = 0;
		for (int i = from; i < from + count; i++) {
			char c = line.charAt(i);
			if (c < '0' || c > '9') {
				return -1;
			}
			value = value * 10 + (c - '0');
		}
		return value;
	}

}
