package io.asynclog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for the loopback servers the tests stop and start again (a broker, an OTLP receiver).
 * They come from below Linux's ephemeral range (32768 and up): while a server is stopped its
 * clients keep connecting to its port, and the kernel may give that very port to one of those
 * connections, which then connects to itself and holds the port, so the server could not
 * listen there again.
 */
public final class LoopbackPorts {

	private LoopbackPorts() {
	}

	/**
	 * Returns a port on 127.0.0.1 that nothing listened on a moment ago, from 20000 to 29999.
	 * @return the port
	 */
	public static int free() {
		IOException last = null;
		for (int attempt = 0; attempt < 100; attempt++) {
			int port = 20_000 + ThreadLocalRandom.current().nextInt(10_000);
			try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
				return socket.getLocalPort();
			}
			catch (IOException ex) {
				last = ex;
			}
		}
		throw new UncheckedIOException("no free port from 20000 to 29999", last);
	}

}
