package io.asynclog.core.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The file check opens the file as an appender would: a file it can create or append to
 * passes and leaves nothing behind but the directory, anything else gets the reason in the
 * operating system's words. (Permission errors are not tested here: the tests may run as
 * root, which may write anywhere.)
 */
class FileTargetCheckTests {

	@TempDir
	Path dir;

	@Test
	void aNewFileInANewDirectoryOpensAndIsNotLeftBehind() {
		Path file = this.dir.resolve("logs/nested/app.log");
		assertThat(FileTargetCheck.whyCannotOpen(file.toString())).isNull();
		assertThat(file.getParent()).as("created, as the appender would have").isDirectory();
		assertThat(file).as("deleted again, so that a failed start-up leaves no empty log file").doesNotExist();
	}

	@Test
	void anExistingFileOpensAndIsKeptWithItsContent() throws IOException {
		Path file = Files.writeString(this.dir.resolve("app.log"), "earlier line\n");
		assertThat(FileTargetCheck.whyCannotOpen(file.toString())).isNull();
		assertThat(file).hasContent("earlier line");
	}

	@Test
	void aDirectoryIsNotAFile() {
		assertThat(FileTargetCheck.whyCannotOpen(this.dir.toString())).isEqualTo(this.dir + " is a directory");
	}

	@Test
	void aRelativeNameIsReportedAsAnAbsoluteNormalizedPath() throws IOException {
		Path directory = Files.createDirectories(Path.of("target/file-target-check-tests"));
		assertThat(FileTargetCheck.whyCannotOpen("target/./file-target-check-tests"))
			.isEqualTo(directory.toAbsolutePath() + " is a directory");
	}

	@Test
	void aFileWhereTheDirectoryShouldBe() throws IOException {
		Path file = Files.createFile(this.dir.resolve("plain"));
		assertThat(FileTargetCheck.whyCannotOpen(file.resolve("deeper/app.log").toString()))
			.isEqualTo(file + " is a file, not a directory, so the log directory cannot be created");
		assertThat(file).isRegularFile();
	}

	@Test
	void aNameThatIsNoPath() {
		assertThat(FileTargetCheck.whyCannotOpen("logs/app\0.log"))
			.isEqualTo("it is not a valid path (Nul character not allowed)");
	}

	@Test
	void aDeviceThatSeeksIsAccepted() {
		assumeTrue(Files.exists(Path.of("/dev/null")), "/dev/null");
		assertThat(FileTargetCheck.whyCannotOpen("/dev/null")).isNull();
	}

	@Test
	void aFifoIsRefusedWithoutWaitingForAReader() throws Exception {
		Path fifo = this.dir.resolve("pipe.log");
		assumeTrue(mkfifo(fifo), "mkfifo");
		assertThat(FileTargetCheck.whyCannotOpen(fifo.toString()))
			.isEqualTo(fifo + " is a FIFO (named pipe) and it cannot be opened and sought: Illegal seek,"
					+ " and a file appender needs a file it can seek and append to");
	}

	private static boolean mkfifo(Path fifo) throws InterruptedException {
		try {
			return new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0 && Files.exists(fifo);
		}
		catch (IOException ex) {
			return false;
		}
	}

}
