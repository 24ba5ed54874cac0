package io.asynclog;

import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;

import io.asynclog.fixtures.LoopbackPorts;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.logs.v1.LogRecord;
import io.opentelemetry.proto.logs.v1.ResourceLogs;
import io.opentelemetry.proto.logs.v1.ScopeLogs;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Headers;
import okhttp3.Protocol;
import okio.Buffer;

/**
 * A real OTLP logs receiver on 127.0.0.1, over HTTP/protobuf ({@code POST /v1/logs}) or gRPC
 * (HTTP/2 without TLS, the {@code LogsService/Export} method), built on OpenTelemetry's
 * published protobuf definitions: it decodes every request as a collector does and keeps
 * each log record with its resource and scope, in the order they came. It can be stopped
 * and started again on the same port, as a collector restarts.
 * <p>
 * An OpenTelemetry Collector binary cannot be installed on the build machines; the protocol
 * handling a collector does for logs (decode, answer) is what this does.
 */
public final class LoopbackOtlp implements Closeable {

	private final boolean grpc;

	private final List<Received> received = new ArrayList<>();

	private final AtomicInteger requests = new AtomicInteger();

	private int port;

	private MockWebServer server;

	private LoopbackOtlp(boolean grpc) throws IOException {
		this.grpc = grpc;
		start();
	}

	/**
	 * Starts a receiver of OTLP/HTTP with protobuf bodies.
	 * @return the running receiver
	 * @throws IOException if it cannot listen
	 */
	public static LoopbackOtlp http() throws IOException {
		return new LoopbackOtlp(false);
	}

	/**
	 * Starts a receiver of OTLP/gRPC.
	 * @return the running receiver
	 * @throws IOException if it cannot listen
	 */
	public static LoopbackOtlp grpc() throws IOException {
		return new LoopbackOtlp(true);
	}

	/** Listens on the port it had, or first on one from {@link LoopbackPorts}. */
	private void start() throws IOException {
		int port = (this.port != 0) ? this.port : LoopbackPorts.free();
		MockWebServer started = server();
		started.start(InetAddress.getLoopbackAddress(), port);
		this.port = port;
		this.server = started;
	}

	private MockWebServer server() {
		MockWebServer server = new MockWebServer();
		if (this.grpc) {
			server.setProtocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE));
		}
		server.setDispatcher(new Dispatcher() {
			@Override
			public MockResponse dispatch(RecordedRequest request) {
				return answer(request);
			}
		});
		return server;
	}

	/**
	 * Returns the endpoint an exporter sends to: the full URL for HTTP, scheme, host and port
	 * for gRPC.
	 * @return the endpoint
	 */
	public String endpoint() {
		return "http://127.0.0.1:" + this.port + (this.grpc ? "" : "/v1/logs");
	}

	/**
	 * Stops listening, as a collector that goes away: connections are refused.
	 */
	public void stop() {
		this.server.close();
	}

	/**
	 * Listens again on the same port.
	 * @throws IOException if it cannot
	 */
	public void startAgain() throws IOException {
		start();
	}

	/**
	 * Returns every log record received so far, in order.
	 * @return a copy
	 */
	public List<Received> records() {
		synchronized (this.received) {
			return new ArrayList<>(this.received);
		}
	}

	/**
	 * Returns how many log records came so far.
	 * @return the count
	 */
	public int count() {
		synchronized (this.received) {
			return this.received.size();
		}
	}

	/**
	 * Returns how many export requests came so far.
	 * @return the count
	 */
	public int requests() {
		return this.requests.get();
	}

	@Override
	public void close() {
		this.server.close();
	}

	private MockResponse answer(RecordedRequest request) {
		String path = request.getUrl().encodedPath();
		String expected = this.grpc ? "/opentelemetry.proto.collector.logs.v1.LogsService/Export" : "/v1/logs";
		if (!path.equals(expected)) {
			return new MockResponse.Builder().code(404).build();
		}
		ExportLogsServiceRequest export = parse(request);
		synchronized (this.received) {
			for (ResourceLogs resource : export.getResourceLogsList()) {
				for (ScopeLogs scope : resource.getScopeLogsList()) {
					for (LogRecord record : scope.getLogRecordsList()) {
						this.received.add(new Received(resource, scope.getScope().getName(), record));
					}
				}
			}
		}
		this.requests.incrementAndGet();
		if (this.grpc) {
			// An empty ExportLogsServiceResponse in one uncompressed frame, then the status.
			return new MockResponse.Builder().code(200)
				.addHeader("content-type", "application/grpc")
				.body(new Buffer().write(new byte[5]))
				.trailers(Headers.of("grpc-status", "0"))
				.build();
		}
		return new MockResponse.Builder().code(200)
			.addHeader("content-type", "application/x-protobuf")
			.body(new Buffer())
			.build();
	}

	private ExportLogsServiceRequest parse(RecordedRequest request) {
		byte[] body = request.getBody().toByteArray();
		boolean gzip = "gzip".equals(request.getHeaders().get(this.grpc ? "grpc-encoding" : "content-encoding"));
		try {
			if (this.grpc) {
				// A gRPC frame: a compressed flag, a 4-byte length, the message.
				gzip = body[0] == 1;
				byte[] message = new byte[body.length - 5];
				System.arraycopy(body, 5, message, 0, message.length);
				body = message;
			}
			if (gzip) {
				body = new GZIPInputStream(new ByteArrayInputStream(body)).readAllBytes();
			}
			return ExportLogsServiceRequest.parseFrom(body);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * One log record as the receiver decoded it.
	 *
	 * @param resource the resource it came under
	 * @param scope the name of its instrumentation scope
	 * @param record the record
	 */
	public record Received(ResourceLogs resource, String scope, LogRecord record) {

		/**
		 * Returns the record's body as a string.
		 * @return the body
		 */
		public String body() {
			return this.record.getBody().getStringValue();
		}

		/**
		 * Returns a string attribute of the record, or of its resource.
		 * @param key the attribute's key
		 * @return the value, or {@code null}
		 */
		public String attribute(String key) {
			for (KeyValue attribute : this.record.getAttributesList()) {
				if (attribute.getKey().equals(key)) {
					return attribute.getValue().hasIntValue() ? String.valueOf(attribute.getValue().getIntValue())
							: attribute.getValue().getStringValue();
				}
			}
			return null;
		}

		/**
		 * Returns a string attribute of the resource.
		 * @param key the attribute's key
		 * @return the value, or {@code null}
		 */
		public String resourceAttribute(String key) {
			for (KeyValue attribute : this.resource.getResource().getAttributesList()) {
				if (attribute.getKey().equals(key)) {
					return attribute.getValue().getStringValue();
				}
			}
			return null;
		}

	}

}
