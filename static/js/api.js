// The only module that calls fetch(): JSON in, JSON out, errors as ApiError(status, message).

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

export async function api(method, url, body, { signal } = {}) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin", signal };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiError(0, "The server can't be reached. Check the connection.");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.message) || `Error ${response.status}`);
  }
  return data;
}
