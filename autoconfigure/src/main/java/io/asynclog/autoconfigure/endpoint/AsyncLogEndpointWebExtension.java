package io.asynclog.autoconfigure.endpoint;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

/**
 * {@link EndpointWebExtension @EndpointWebExtension} for the {@link AsyncLogEndpoint}'s write
 * operations over HTTP: a request refused answers 400 with its message in the body, so that
 * an operator reads what was wrong and what is accepted. (Spring Boot answers an
 * {@link InvalidEndpointRequestException} with 400 too, but shows its message only where
 * {@code server.error.include-message} allows it.)
 *
 * @author asynclog
 */
@EndpointWebExtension(endpoint = AsyncLogEndpoint.class)
public class AsyncLogEndpointWebExtension {

	private final AsyncLogEndpoint delegate;

	public AsyncLogEndpointWebExtension(AsyncLogEndpoint delegate) {
		this.delegate = delegate;
	}

	/**
	 * {@code POST /actuator/asynclog/{setting}}, as {@link AsyncLogEndpoint#change}; 400 with
	 * a {@link Refusal}.
	 */
	@WriteOperation
	public WebEndpointResponse<OperationResponseBody> change(@Selector String setting, @Nullable String value) {
		try {
			return new WebEndpointResponse<>(this.delegate.change(setting, value));
		}
		catch (InvalidEndpointRequestException ex) {
			return refused(ex);
		}
	}

	/**
	 * {@code POST /actuator/asynclog/appenders/{name}}, as {@link AsyncLogEndpoint#appender};
	 * 400 with a {@link Refusal}.
	 */
	@WriteOperation
	public WebEndpointResponse<OperationResponseBody> appender(@Selector String group, @Selector String name,
			String shipping) {
		try {
			return new WebEndpointResponse<>(this.delegate.appender(group, name, shipping));
		}
		catch (InvalidEndpointRequestException ex) {
			return refused(ex);
		}
	}

	private static WebEndpointResponse<OperationResponseBody> refused(InvalidEndpointRequestException ex) {
		return new WebEndpointResponse<>(new Refusal(WebEndpointResponse.STATUS_BAD_REQUEST, "Bad Request",
				ex.getReason()), WebEndpointResponse.STATUS_BAD_REQUEST);
	}

	/**
	 * Why a write operation was refused; nothing was changed.
	 *
	 * @param status 400
	 * @param error {@code Bad Request}
	 * @param message what was wrong and what is accepted
	 */
	public record Refusal(int status, String error, String message) implements OperationResponseBody {

	}

}
