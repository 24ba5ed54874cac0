package io.asynclog.core.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The spool directory check creates the directory and takes and releases its lock. (A
 * directory another process holds is refused too; proving that needs a second JVM, left to
 * the shipping tests.)
 */
class SpoolDirectoryCheckTests {

	@TempDir
	Path dir;

	@Test
	void aNewDirectoryIsCreatedAndItsLockReleased() throws IOException {
		Path spool = this.dir.resolve("spool/ship");
		assertThat(SpoolDirectoryCheck.problem(spool)).isNull();
		assertThat(spool).isDirectory();
		assertThat(spool.resolve(".lock")).as("the spool's lock file").exists();
		// Released: a second check, as at a second start, takes it again.
		assertThat(SpoolDirectoryCheck.problem(spool)).isNull();
	}

	@Test
	void anExistingDirectoryWithRecordsPasses() throws IOException {
		Path spool = Files.createDirectories(this.dir.resolve("spool"));
		Files.writeString(spool.resolve("00000001.spool"), "kept");
		assertThat(SpoolDirectoryCheck.problem(spool)).isNull();
		assertThat(spool.resolve("00000001.spool")).hasContent("kept");
	}

	@Test
	void aDirectoryThatCannotBeCreated() throws IOException {
		Path file = Files.createFile(this.dir.resolve("plain"));
		assertThat(SpoolDirectoryCheck.problem(file.resolve("spool")))
			.startsWith("the directory cannot be created: java.nio.file.")
			.contains(file.toString());
	}

}
