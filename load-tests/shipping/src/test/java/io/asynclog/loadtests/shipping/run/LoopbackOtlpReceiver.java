package io.asynclog.loadtests.shipping.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.logs.v1.LogRecord;
import io.opentelemetry.proto.logs.v1.ResourceLogs;
import io.opentelemetry.proto.logs.v1.ScopeLogs;

/**
 * A loopback OTLP/HTTP logs receiver for the shipping throughput runs, listening on 127.0.0.1
 * only: the JDK's {@link HttpServer}, {@code POST /v1/logs} with a protobuf body (gzip or not),
 * each decoded as an {@link ExportLogsServiceRequest} as a collector does, its log records
 * counted and the last one's body kept; the answer is 200 with an empty protobuf body. (An
 * OpenTelemetry Collector binary cannot be installed on the build machines.)
 * <p>
 * {@code GET /count} answers {@code count=N}, {@code bytes=B} (the requests' protobuf, uncompressed)
 * and {@code last=BODY} on three lines, what the run checks at the end, as the topic's end offset
 * for kafka. The count never resets: the script
 * starts one receiver and each run counts from what it finds at its start.
 * <p>
 * As a program it runs in a JVM of its own, so that its CPU is not the application's: it prints
 * {@code endpoint=http://127.0.0.1:PORT/v1/logs} and stays up until the process is killed. Usage:
 * {@code java -cp BROKER_CLASSPATH io.asynclog.loadtests.shipping.run.LoopbackOtlpReceiver}
 * (load-tests/scripts/shipping-throughput.sh starts it and kills it on exit).
 *
 * @author asynclog
 */
public final class LoopbackOtlpReceiver implements AutoCloseable {

	static final String PATH = "/v1/logs";

	/** A request larger than this is refused (413): the receiver's memory stays bounded. */
	static final int MAX_REQUEST_BYTES = 64 * 1024 * 1024;

	/**
	 * Threads that decode requests: the exporter sends one request at a time, so a few are
	 * plenty; the queue bounds what waits behind them.
	 */
	private static final int THREADS = 4;

	private final HttpServer server;

	private final ThreadPoolExecutor executor;

	private final Object lock = new Object();

	private long count;

	private long bytes;

	private String last = "";

	private LoopbackOtlpReceiver(HttpServer server, ThreadPoolExecutor executor) {
		this.server = server;
		this.executor = executor;
	}

	public static void main(String[] args) throws Exception {
		if (args.length != 0) {
			System.err.println("usage: LoopbackOtlpReceiver (no arguments)");
			System.exit(2);
		}
		LoopbackOtlpReceiver receiver = start();
		Runtime.getRuntime().addShutdownHook(new Thread(receiver::close, "receiver-stop"));
		System.out.println("endpoint=" + receiver.endpoint());
		System.out.println("pid=" + ProcessHandle.current().pid());
		System.out.flush();
		new CountDownLatch(1).await();
	}

	/**
	 * Listens on a free port of 127.0.0.1.
	 * @return the running receiver
	 * @throws IOException if it cannot listen
	 */
	static LoopbackOtlpReceiver start() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
		AtomicInteger threads = new AtomicInteger();
		ThreadPoolExecutor executor = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.SECONDS,
				new ArrayBlockingQueue<>(256), (task) -> {
					Thread thread = new Thread(task, "otlp-receiver-" + threads.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				}, new ThreadPoolExecutor.CallerRunsPolicy());
		server.setExecutor(executor);
		LoopbackOtlpReceiver receiver = new LoopbackOtlpReceiver(server, executor);
		server.createContext(PATH, receiver::export);
		server.createContext("/count", receiver::count);
		server.start();
		return receiver;
	}

	/**
	 * Returns where an OTLP/HTTP exporter sends logs.
	 * @return {@code http://127.0.0.1:PORT/v1/logs}
	 */
	String endpoint() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + PATH;
	}

	/**
	 * Returns how many log records came so far.
	 * @return the count
	 */
	long received() {
		synchronized (this.lock) {
			return this.count;
		}
	}

	private void export(HttpExchange exchange) throws IOException {
		try (exchange) {
			if (!exchange.getRequestMethod().equals("POST") || !exchange.getRequestURI().getPath().equals(PATH)) {
				answer(exchange, 404, "text/plain", new byte[0]);
				return;
			}
			String length = exchange.getRequestHeaders().getFirst("Content-Length");
			if (length != null && Long.parseLong(length) > MAX_REQUEST_BYTES) {
				answer(exchange, 413, "text/plain", new byte[0]);
				return;
			}
			ExportLogsServiceRequest request;
			try (InputStream body = body(exchange)) {
				byte[] bytes = body.readNBytes(MAX_REQUEST_BYTES + 1);
				if (bytes.length > MAX_REQUEST_BYTES) {
					answer(exchange, 413, "text/plain", new byte[0]);
					return;
				}
				request = ExportLogsServiceRequest.parseFrom(bytes);
			}
			catch (IOException ex) {
				// Not protobuf, or not gzip as its header says: as a collector, 400.
				answer(exchange, 400, "text/plain", String.valueOf(ex).getBytes(StandardCharsets.UTF_8));
				return;
			}
			long records = 0;
			LogRecord lastRecord = null;
			for (ResourceLogs resource : request.getResourceLogsList()) {
				for (ScopeLogs scope : resource.getScopeLogsList()) {
					records += scope.getLogRecordsCount();
					if (scope.getLogRecordsCount() > 0) {
						lastRecord = scope.getLogRecords(scope.getLogRecordsCount() - 1);
					}
				}
			}
			synchronized (this.lock) {
				this.count += records;
				this.bytes += request.getSerializedSize();
				if (lastRecord != null) {
					this.last = lastRecord.getBody().getStringValue();
				}
			}
			// An empty ExportLogsServiceResponse: zero bytes of protobuf.
			answer(exchange, 200, "application/x-protobuf", new byte[0]);
		}
	}

	private static InputStream body(HttpExchange exchange) throws IOException {
		String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
		return "gzip".equalsIgnoreCase(encoding) ? new GZIPInputStream(exchange.getRequestBody())
				: exchange.getRequestBody();
	}

	private void count(HttpExchange exchange) throws IOException {
		try (exchange) {
			String answer;
			synchronized (this.lock) {
				answer = "count=" + this.count + "\nbytes=" + this.bytes + "\nlast=" + this.last + "\n";
			}
			answer(exchange, 200, "text/plain; charset=utf-8", answer.getBytes(StandardCharsets.UTF_8));
		}
	}

	private static void answer(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
		exchange.getResponseHeaders().set("Content-Type", contentType);
		// -1: no body at all; a Content-Length of 0 is sent.
		exchange.sendResponseHeaders(status, (body.length == 0) ? -1 : body.length);
		if (body.length > 0) {
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

}
