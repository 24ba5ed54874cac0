package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LineCheck}'s time order of request lines, on real files in a temporary directory, in both
 * timestamp formats.
 *
 * @author asynclog
 */
class LineCheckTests {

	@TempDir
	Path dir;

	@Test
	void countsLinesOlderThanTheNewestBeforeThemAndTheLargestJumpBack() throws IOException {
		Path file = write("app-1.log", bracketed(1, "10:00:00,100"), bracketed(2, "10:00:00,300"),
				// 250 ms older than the newest so far (300), and 100 ms older
				bracketed(3, "10:00:00,050"), bracketed(4, "10:00:00,200"),
				// equal to the newest is in order
				bracketed(5, "10:00:00,300"), bracketed(6, "10:00:01,000"),
				// older than 1,000 by 700, though newer than the line just before it was not
				bracketed(7, "10:00:00,300"));
		LineCheck.Order result = order(file, LineCheck.Format.BRACKETED);
		assertThat(result.requestLines()).isEqualTo(7);
		assertThat(result.outOfOrder()).isEqualTo(3);
		assertThat(result.maxJumpBackMillis()).isEqualTo(700);
		assertThat(result.unparsed()).isZero();
	}

	@Test
	void ordersAcrossMidnightAndMonthEnds() throws IOException {
		Path file = write("app-1.log", "[INFO  LogController t 2026-11-30 23:59:59,990]  request 0000000001 line 01 ..",
				"[INFO  LogController t 2026-12-01 00:00:00,010]  request 0000000001 line 02 ..",
				"[INFO  LogController t 2026-11-30 23:59:59,995]  request 0000000002 line 01 ..");
		LineCheck.Order result = order(file, LineCheck.Format.BRACKETED);
		assertThat(result.outOfOrder()).isEqualTo(1);
		assertThat(result.maxJumpBackMillis()).isEqualTo(15);
	}

	@Test
	void readsSpringBootsConsolePatternAndSkipsOtherLines() throws IOException {
		Path file = write("app-stdout.log", "java -jar demo.jar --spring.profiles.active=comparison",
				"2026-11-23T10:25:38.411Z  INFO 4335 --- [asynclog-demo] [main] o.s.b.StartupInfoLogger : Started",
				boot(1, "10:25:38.500"), boot(2, "10:25:38.470"), "  .   ____          _ banner line",
				// the start-up lines do not count as newest: only request lines are compared
				"2026-11-23T10:26:00.000Z  INFO 4335 --- [asynclog-demo] [main] x : not a request",
				boot(3, "10:25:38.600"), boot(4, "10:25:38.100"));
		LineCheck.Order result = order(file, LineCheck.Format.BOOT_CONSOLE);
		assertThat(result.requestLines()).isEqualTo(4);
		assertThat(result.outOfOrder()).isEqualTo(2);
		assertThat(result.maxJumpBackMillis()).isEqualTo(500);
	}

	@Test
	void aFileInOrderHasNoneOutOfOrder() throws IOException {
		Path file = write("app-1.log", bracketed(1, "10:00:00,100"), bracketed(2, "10:00:00,100"),
				bracketed(3, "10:00:00,101"));
		assertThat(order(file, LineCheck.Format.BRACKETED))
			.isEqualTo(new LineCheck.Order(3, 0, 0, 0));
	}

	@Test
	void requestLinesWithoutATimestampWhereThePatternPutsItAreCountedApart() throws IOException {
		Path file = write("app-1.log", bracketed(1, "10:00:00,100"), "request 0000000002 line 01 no timestamp",
				boot(3, "10:00:00,000"));
		LineCheck.Order result = order(file, LineCheck.Format.BRACKETED);
		assertThat(result.requestLines()).isEqualTo(3);
		assertThat(result.unparsed()).isEqualTo(2);
		assertThat(result.outOfOrder()).isZero();
	}

	@Test
	void severalFilesReportTheWorstFileAndTheLargestJump() throws IOException {
		Path one = write("app-1.log", bracketed(1, "10:00:00,500"), bracketed(2, "10:00:00,100"));
		Path two = write("app-2.log", bracketed(1, "10:00:00,500"), bracketed(2, "10:00:00,450"),
				bracketed(3, "10:00:00,460"));
		LineCheck.Order result = LineCheck.check(List.of(one, two), LineCheck.Format.BRACKETED, false, false, 1, 3, 3)
			.order();
		assertThat(result.outOfOrder()).isEqualTo(2);
		assertThat(result.requestLines()).isEqualTo(3);
		assertThat(result.maxJumpBackMillis()).isEqualTo(400);
	}

	private static LineCheck.Order order(Path file, LineCheck.Format format) throws IOException {
		return LineCheck.count(file, 10, format).order();
	}

	private Path write(String name, String... lines) throws IOException {
		return Files.write(this.dir.resolve(name), List.of(lines), StandardCharsets.ISO_8859_1);
	}

	private static String bracketed(long request, String time) {
		return "[INFO  LogController http-nio-127.0.0.1-8080-exec-3 2026-11-23 " + time + "]  request "
				+ String.format("%010d", request) + " line 01 ......";
	}

	private static String boot(long request, String time) {
		return "2026-11-23T" + time + "Z  INFO 4335 --- [asynclog-demo] [.1-18231-exec-1] i.a.d.LogController"
				+ "                      : request " + String.format("%010d", request) + " line 01 .....";
	}

}
