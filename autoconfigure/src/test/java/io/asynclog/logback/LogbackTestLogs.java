package io.asynclog.logback;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Numbered lines logged through Spring's commons-logging, as application code logs.
 */
final class LogbackTestLogs {

	private LogbackTestLogs() {
	}

	static void info(String logger, String message, int count) {
		Log log = LogFactory.getLog(logger);
		for (int i = 0; i < count; i++) {
			log.info(message + i);
		}
	}

}
