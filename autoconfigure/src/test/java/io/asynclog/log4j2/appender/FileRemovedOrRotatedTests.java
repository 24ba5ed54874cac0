package io.asynclog.log4j2.appender;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What each asynclog appender type does when a tool outside the application deletes or
 * renames its file, as an operator or logrotate would. Log4j2 watches no file: it keeps
 * writing to the file it opened, and only a rolling appender opens its file name again, at
 * its next rollover.
 */
class FileRemovedOrRotatedTests {

	@TempDir
	Path dir;

	@Test
	void fileKeepsWritingToADeletedFileThatNoNameReaches() throws IOException {
		Path log = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = run("file", log)) {
			log("before", 1);
			TestApplications.awaitLines(log, 1);
			Files.delete(log);
			log("after", 5);
			TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
			assertThat(log).as("not recreated").doesNotExist();
			assertThat(openDeletedFile(log)).as("the lines went to the deleted file, still open")
				.containsExactly("before 0", "after 0", "after 1", "after 2", "after 3", "after 4");
		}
	}

	@Test
	void fileFollowsItsFileWhenRenamed() throws IOException {
		Path log = this.dir.resolve("app.log");
		Path rotated = this.dir.resolve("app.log.1");
		try (ConfigurableApplicationContext context = run("file", log)) {
			log("before", 1);
			TestApplications.awaitLines(log, 1);
			Files.move(log, rotated);
			log("after", 3);
			assertThat(TestApplications.awaitLines(rotated, 4)).containsExactly("before 0", "after 0", "after 1",
					"after 2");
			assertThat(log).as("not recreated").doesNotExist();
		}
	}

	@Test
	void fileWritesAtItsOldOffsetAfterACopyTruncate() throws IOException {
		Path log = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = run("file", log)) {
			log("before", 10);
			TestApplications.awaitLines(log, 10);
			long sizeBefore = Files.size(log);
			// logrotate's copytruncate: copy the file aside, then cut the original to nothing.
			Files.copy(log, this.dir.resolve("app.log.1"), StandardCopyOption.COPY_ATTRIBUTES);
			try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "rw")) {
				file.setLength(0);
			}
			log("after", 1);
			await().atMost(Duration.ofSeconds(20)).until(() -> Files.size(log) > sizeBefore);
			byte[] content = Files.readAllBytes(log);
			assertThat(content).as("a hole of zeros where the old lines were, then the new line")
				.hasSize((int) sizeBefore + "after 0\n".length());
			for (int i = 0; i < sizeBefore; i++) {
				assertThat(content[i]).isZero();
			}
			assertThat(new String(content, (int) sizeBefore, content.length - (int) sizeBefore)).isEqualTo("after 0\n");
		}
	}

	@Test
	void rollingFileCreatesItsFileAgainAtTheNextRolloverAfterADelete() throws IOException {
		Path log = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = run("rolling-file", log)) {
			log("before", 1);
			TestApplications.awaitLines(log, 1);
			Files.delete(log);
			log("lost", 5);
			TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
			assertThat(log).as("not recreated before the rollover").doesNotExist();
			// 100 bytes a line: the 1KB policy rolls over within a dozen lines.
			List<String> after = new ArrayList<>();
			for (int i = 0; i < 30 && !Files.exists(log); i++) {
				String line = "after %03d ".formatted(i) + ".".repeat(89);
				LogFactory.getLog("test").info(line);
				after.add(line);
				TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
			}
			assertThat(log).as("created again by the rollover").exists();
			assertThat(TestApplications.lines(log)).containsExactly(after.get(after.size() - 1));
			assertThat(rolledFiles()).as("nothing to roll: the deleted file's lines are gone").isEmpty();
		}
	}

	@Test
	void rollingFileWritesToTheRenamedFileUntilTheNextRollover() throws IOException {
		Path log = this.dir.resolve("app.log");
		Path rotated = this.dir.resolve("app.log.1");
		try (ConfigurableApplicationContext context = run("rolling-file", log)) {
			log("before", 1);
			TestApplications.awaitLines(log, 1);
			Files.move(log, rotated);
			log("after", 2);
			assertThat(TestApplications.awaitLines(rotated, 3)).containsExactly("before 0", "after 0", "after 1");
			assertThat(log).doesNotExist();
			for (int i = 0; i < 30 && !Files.exists(log); i++) {
				LogFactory.getLog("test").info("filler %03d ".formatted(i) + ".".repeat(89));
				TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
			}
			assertThat(log).as("created again by the rollover").exists();
			assertThat(TestApplications.lines(rotated)).as("kept whole by the outside tool's rename")
				.startsWith("before 0", "after 0", "after 1");
		}
	}

	private ConfigurableApplicationContext run(String type, Path log) {
		return TestApplications.run("logging.level.root=warn", "logging.level.test=info",
				"asynclog.immediate-flush=true", "asynclog.appenders.main.type=" + type,
				"asynclog.appenders.main.file-name=" + log, "asynclog.appenders.main.pattern=%m%n",
				"asynclog.appenders.main.max-file-size=1KB",
				"asynclog.appenders.main.file-pattern=" + this.dir.resolve("app.%i.log"));
	}

	private static void log(String message, int count) {
		TestApplications.logInfo("test", message + " ", count);
	}

	private List<Path> rolledFiles() throws IOException {
		try (Stream<Path> files = Files.list(this.dir)) {
			return files.filter((file) -> file.getFileName().toString().matches("app\\.\\d+\\.log")).toList();
		}
	}

	/**
	 * Reads a deleted file through the descriptor this process still holds (Linux).
	 */
	private static List<String> openDeletedFile(Path file) throws IOException {
		try (Stream<Path> descriptors = Files.list(Path.of("/proc/self/fd"))) {
			for (Path descriptor : descriptors.toList()) {
				try {
					if (Files.readSymbolicLink(descriptor).toString().equals(file + " (deleted)")) {
						return Files.readAllLines(descriptor);
					}
				}
				catch (IOException ex) {
					// Closed since it was listed.
				}
			}
		}
		throw new AssertionError("no open descriptor of the deleted " + file);
	}

}
