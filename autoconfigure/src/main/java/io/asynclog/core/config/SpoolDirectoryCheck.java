package io.asynclog.core.config;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.asynclog.core.lane.Spool;

/**
 * Checks, before anything is configured, that a remote appender's spool directory can be
 * created and written and that no other process uses it.
 *
 * @author asynclog
 */
final class SpoolDirectoryCheck {

	/** The spool's lock file, as {@code io.asynclog.core.lane.Spool} names it. */
	private static final String LOCK_FILE = ".lock";

	private SpoolDirectoryCheck() {
	}

	/** Why a directory cannot serve as a spool, or {@code null} if it can. */
	static String problem(Path directory) {
		try {
			Files.createDirectories(directory);
		}
		catch (IOException ex) {
			return "the directory cannot be created: " + ex;
		}
		if (!Files.isWritable(directory)) {
			return "the directory cannot be written";
		}
		if (Spool.openInThisProcess(directory)) {
			// A spool of this application that a new configuration takes over.
			return null;
		}
		try (FileChannel channel = FileChannel.open(directory.resolve(LOCK_FILE), StandardOpenOption.CREATE,
				StandardOpenOption.WRITE)) {
			FileLock lock = channel.tryLock();
			if (lock == null) {
				return "another running process uses it as its spool; each application needs a directory of its own";
			}
			lock.release();
			return null;
		}
		catch (IOException ex) {
			return "the directory cannot be written: " + ex;
		}
	}

}
