package io.asynclog.logback;

import java.time.Duration;
import java.util.Arrays;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * An application in a JVM of its own, for {@link LogbackSigtermTests}: it logs numbered lines
 * behind a slowed background thread, prints {@value #READY} with the number of lines still
 * queued, and waits to be stopped.
 */
public final class LogbackShutdownApp {

	static final String READY = "LOGGED ";

	private LogbackShutdownApp() {
	}

	public static void main(String[] args) throws InterruptedException {
		int lines = Integer.parseInt(args[0]);
		LogbackApps.run(Arrays.copyOfRange(args, 1, args.length));
		// A disk that takes a little while over each line keeps a backlog in the ring.
		BackgroundGate.on(LogbackModesTests.appender("main"), Duration.ofNanos(200_000));
		Log log = LogFactory.getLog("test");
		for (int i = 0; i < lines; i++) {
			log.info("line " + i);
		}
		System.out.println(READY + LogbackApps.setup().rings().get(0).reading().used());
		Thread.sleep(Long.MAX_VALUE);
	}

}
