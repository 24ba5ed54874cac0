package io.asynclog.core.config;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Checks, before any appender exists, that a file appender will be able to open its file, by
 * doing what the appender will do rather than by reading permission bits, which say nothing
 * to a process running as root, on a read-only mount or under {@code /proc}.
 * <p>
 * Both backends need a file they can seek: Log4j2's random-access appenders seek to its end
 * ("Illegal seek" on a FIFO), and opening a FIFO for writing, as Logback does, would hold
 * start-up until something reads it. A file the check creates is deleted again; a directory
 * it creates stays, as the appender would have created it too.
 *
 * @author asynclog
 */
public final class FileTargetCheck {

	/** The file-type bits of a Unix mode, and the values that mean FIFO, device and socket. */
	private static final int TYPE_MASK = 0170000;

	private static final int FIFO = 0010000;

	private static final int CHARACTER_DEVICE = 0020000;

	private static final int BLOCK_DEVICE = 0060000;

	private static final int SOCKET = 0140000;

	private FileTargetCheck() {
	}

	/** Why a file appender could not open the file, in the operating system's words, or {@code null}. */
	public static String whyCannotOpen(String fileName) {
		Path file;
		try {
			file = Path.of(fileName).toAbsolutePath().normalize();
		}
		catch (InvalidPathException ex) {
			return "it is not a valid path (" + ex.getReason() + ")";
		}
		if (Files.isDirectory(file)) {
			return file + " is a directory";
		}
		if (Files.exists(file) && !Files.isRegularFile(file)) {
			// A device that seeks (/dev/null, /dev/full) works as the appender's file.
			String unseekable = whyNotSeekable(file);
			return (unseekable != null) ? file + " is " + kindOf(file) + " and " + unseekable
					+ ", and a file appender needs a file it can seek and append to" : null;
		}
		Path directory = file.getParent();
		Path existing = directory;
		while (existing != null && !Files.exists(existing)) {
			existing = existing.getParent();
		}
		if (existing != null && !Files.isDirectory(existing)) {
			return existing + " is a file, not a directory, so the log directory cannot be created";
		}
		if (directory != null) {
			try {
				Files.createDirectories(directory);
			}
			catch (IOException ex) {
				return "the directory " + directory + " cannot be created: " + reason(ex);
			}
		}
		boolean created = !Files.exists(file);
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
				StandardOpenOption.APPEND)) {
			// Opened as the appender will open it; nothing is written.
		}
		catch (IOException ex) {
			return file + " cannot be opened for writing: " + reason(ex);
		}
		finally {
			if (created) {
				deleteQuietly(file);
			}
		}
		try {
			if (Files.getFileStore(file.getParent()).getUsableSpace() == 0) {
				return "the file system holding " + file.getParent() + " is full (no space left on device)";
			}
		}
		catch (IOException ex) {
			return "the file system holding " + file.getParent() + " cannot be read: " + reason(ex);
		}
		return null;
	}

	/**
	 * Opens the file for reading and writing, which does not wait for a reader as opening a
	 * FIFO for writing only would, and seeks to its end, as a random-access appender does.
	 */
	private static String whyNotSeekable(Path file) {
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
			channel.position(channel.size());
			return null;
		}
		catch (IOException ex) {
			return "it cannot be opened and sought: " + reason(ex);
		}
	}

	private static String kindOf(Path file) {
		try {
			int type = (Integer) Files.getAttribute(file, "unix:mode") & TYPE_MASK;
			return switch (type) {
				case FIFO -> "a FIFO (named pipe)";
				case CHARACTER_DEVICE -> "a character device";
				case BLOCK_DEVICE -> "a block device";
				case SOCKET -> "a socket";
				default -> "a special file";
			};
		}
		catch (IOException | UnsupportedOperationException | IllegalArgumentException ex) {
			return "a special file (a FIFO, a device or a socket)";
		}
	}

	/**
	 * The operating system's words: Java leaves them out of the exceptions it has a class
	 * for.
	 */
	private static String reason(IOException ex) {
		if (ex instanceof NoSuchFileException missing) {
			return "no such file or directory (" + missing.getFile() + ")";
		}
		if (ex instanceof AccessDeniedException denied) {
			return "permission denied (" + denied.getFile() + ")";
		}
		if (ex instanceof NotDirectoryException notDirectory) {
			return "not a directory (" + notDirectory.getFile() + ")";
		}
		if (ex instanceof FileSystemException failed && failed.getReason() != null) {
			return failed.getReason().toLowerCase() + " (" + failed.getFile() + ")";
		}
		return ex.getMessage();
	}

	private static void deleteQuietly(Path file) {
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException ex) {
			// Only an empty file is left behind; the appender would have created it anyway.
		}
	}

}
