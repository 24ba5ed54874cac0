package io.asynclog.bothbackends;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;

/**
 * What a test that waited in vain reports: the queues and every thread's stack, so that a
 * stall shows where it is.
 */
final class Diagnostics {

	private Diagnostics() {
	}

	/**
	 * Describes the queues of the running backend and the threads of this JVM.
	 * @return the description
	 */
	static String queuesAndThreads() {
		StringBuilder dump = new StringBuilder("queues: ").append(Apps.queues()).append('\n');
		for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
			dump.append('"').append(info.getThreadName()).append("\" ").append(info.getThreadState());
			if (info.getLockName() != null) {
				dump.append(" on ").append(info.getLockName());
			}
			dump.append('\n');
			for (StackTraceElement frame : info.getStackTrace()) {
				dump.append("\tat ").append(frame).append('\n');
			}
		}
		return dump.toString();
	}

}
