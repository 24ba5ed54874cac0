package io.asynclog.demo;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The profiles of the HTTP comparison that only Log4j2 reads: the published study's pattern,
 * whose {@code %l} (the caller's location) Logback's pattern layout does not have. The
 * profiles every backend reads are checked by demo-app's RequestLinesTests, which run here too.
 */
class ComparisonProfilesTests {

	@TempDir
	Path dir;

	@Test
	void everyRequestLineReachesEachOfThreeFilesWithTheCallersLocation() throws Exception {
		List<List<String>> files = DemoRuns.runAndRead(this.dir, "comparison,sync,files-3,flush,study-pattern", 3, 1);
		assertThat(files).allSatisfy((lines) -> {
			assertThat(DemoRuns.requestLines(lines)).hasSize(5);
			assertThat(DemoRuns.requestLines(lines)).allMatch((line) -> line
				.matches("\\[INFO  io\\.asynclog\\.demo\\.LogController\\.log\\(LogController\\.java:\\d+\\) \\S+ .*\\]  request \\d{10} handled \\.+"));
		});
	}

}
