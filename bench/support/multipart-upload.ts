import fs from 'node:fs';
import http from 'node:http';

/**
 * Streams a file from disk as multipart/form-data (field `file`) over one request, with the
 * given headers (session cookie and XSRF token, or a bearer token); answers status and body.
 * `onSent` is called once the whole body is handed to the socket (the server then holds the file).
 */
export function uploadFile(
  url: string, file: { path: string; name: string; contentType: string }, headers: Record<string, string>, onSent?: () => void,
): Promise<{ status: number; body: string }> {
  const boundary = '----linkloombench';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + fs.statSync(file.path).size + tail.length },
    }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    if (onSent) request.on('finish', onSent);
    request.write(head);
    fs.createReadStream(file.path).on('end', () => request.end(tail)).pipe(request, { end: false });
  });
}
