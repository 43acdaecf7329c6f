/**
 * A tiny XML-RPC codec (https://xmlrpc.com/spec.md): builds a methodCall and reads a methodResponse.
 * The reader accepts only what XML-RPC uses — elements, text, CDATA, comments, the XML declaration,
 * the five predefined entities and character references — and refuses DOCTYPE / entity declarations,
 * so nothing is expanded or fetched.
 */

export type XmlRpcValue =
  | string
  | number
  | boolean
  | null
  | Date
  | Uint8Array
  | XmlRpcValue[]
  | { [key: string]: XmlRpcValue };

/** Marks a number to be sent as `<double>` even when it is whole. */
export class XmlRpcDouble {
  constructor(readonly value: number) {}
}

export type XmlRpcParam = XmlRpcValue | XmlRpcDouble | XmlRpcParam[] | { [key: string]: XmlRpcParam };

export class XmlRpcFault extends Error {
  override readonly name = 'XmlRpcFault';
  constructor(
    readonly faultCode: number,
    readonly faultString: string,
  ) {
    super(`XML-RPC fault ${faultCode}: ${faultString}`);
  }
}

export class XmlRpcParseError extends Error {
  override readonly name = 'XmlRpcParseError';
}

// ---------------------------------------------------------------------------------------------
// Encoding

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // XML 1.0 cannot carry control characters other than tab, newline and carriage return, nor U+FFFE/U+FFFF.
    .replace(/[^\t\n\r\u0020-\uFFFD]/g, '');
}

export function encodeMethodCall(method: string, params: XmlRpcParam[]): string {
  const encodedParams = params.map((param) => `<param>${encodeValue(param)}</param>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<methodCall><methodName>${escapeXml(method)}</methodName><params>${encodedParams}</params></methodCall>`;
}

function encodeValue(value: XmlRpcParam): string {
  return `<value>${encodeInner(value)}</value>`;
}

function encodeInner(value: XmlRpcParam): string {
  if (value === null) return '<nil/>';
  if (value instanceof XmlRpcDouble) return `<double>${value.value}</double>`;
  if (typeof value === 'string') return `<string>${escapeXml(value)}</string>`;
  if (typeof value === 'boolean') return `<boolean>${value ? 1 : 0}</boolean>`;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1) return `<int>${value}</int>`;
    if (!Number.isFinite(value)) throw new TypeError('XML-RPC cannot carry NaN or Infinity');
    return `<double>${value}</double>`;
  }
  if (value instanceof Date) return `<dateTime.iso8601>${formatIso8601(value)}</dateTime.iso8601>`;
  if (value instanceof Uint8Array) return `<base64>${Buffer.from(value).toString('base64')}</base64>`;
  if (Array.isArray(value)) return `<array><data>${value.map(encodeValue).join('')}</data></array>`;
  const members = Object.entries(value)
    .map(([name, member]) => `<member><name>${escapeXml(name)}</name>${encodeValue(member)}</member>`)
    .join('');
  return `<struct>${members}</struct>`;
}

/** XML-RPC's classic form, in UTC: 20240131T12:34:56. */
function formatIso8601(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '').replace(/-/g, '');
}

// ---------------------------------------------------------------------------------------------
// Decoding

interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

const PREDEFINED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (match, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    const replacement = PREDEFINED_ENTITIES[entity];
    if (replacement === undefined) throw new XmlRpcParseError(`Unknown XML entity ${match}`);
    return replacement;
  });
}

/** Parses an XML document into elements (attributes are read past and dropped). */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', children: [], text: '' };
  const stack: XmlElement[] = [root];
  let position = 0;
  const length = xml.length;
  while (position < length) {
    const lt = xml.indexOf('<', position);
    const textEnd = lt === -1 ? length : lt;
    if (textEnd > position) {
      const top = stack[stack.length - 1]!;
      top.text += decodeEntities(xml.slice(position, textEnd));
    }
    if (lt === -1) break;
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt);
      if (end === -1) throw new XmlRpcParseError('Unterminated processing instruction');
      position = end + 2;
    } else if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt);
      if (end === -1) throw new XmlRpcParseError('Unterminated comment');
      position = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt);
      if (end === -1) throw new XmlRpcParseError('Unterminated CDATA section');
      stack[stack.length - 1]!.text += xml.slice(lt + 9, end);
      position = end + 3;
    } else if (xml.startsWith('<!', lt)) {
      throw new XmlRpcParseError('DOCTYPE and entity declarations are not accepted');
    } else if (xml.startsWith('</', lt)) {
      const end = xml.indexOf('>', lt);
      if (end === -1) throw new XmlRpcParseError('Unterminated end tag');
      const name = xml.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open === root || open.name !== name) throw new XmlRpcParseError(`Unexpected </${name}>`);
      position = end + 1;
    } else {
      const end = findTagEnd(xml, lt);
      const selfClosing = xml[end - 1] === '/';
      const inner = xml.slice(lt + 1, selfClosing ? end - 1 : end).trim();
      const name = inner.split(/\s/, 1)[0] ?? '';
      if (!/^[A-Za-z_][\w.:-]*$/.test(name)) throw new XmlRpcParseError(`Bad element name "${name}"`);
      const element: XmlElement = { name, children: [], text: '' };
      stack[stack.length - 1]!.children.push(element);
      if (!selfClosing) stack.push(element);
      position = end + 1;
    }
  }
  if (stack.length !== 1) throw new XmlRpcParseError(`Unclosed <${stack[stack.length - 1]!.name}>`);
  return root;
}

/** Index of the `>` closing the tag that starts at `start`, skipping quoted attribute values. */
function findTagEnd(xml: string, start: number): number {
  let quote: string | null = null;
  for (let i = start + 1; i < xml.length; i++) {
    const char = xml[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return i;
    }
  }
  throw new XmlRpcParseError('Unterminated start tag');
}

function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((candidate) => candidate.name === name);
}

function required(element: XmlElement, name: string): XmlElement {
  const found = child(element, name);
  if (!found) throw new XmlRpcParseError(`<${element.name}> has no <${name}>`);
  return found;
}

function decodeValue(valueElement: XmlElement): XmlRpcValue {
  const typed = valueElement.children[0];
  if (!typed) return valueElement.text;
  const text = typed.text;
  switch (typed.name) {
    case 'string':
      return text;
    case 'int':
    case 'i4':
    case 'i8': {
      const number = Number(text.trim());
      if (!Number.isInteger(number)) throw new XmlRpcParseError(`Bad integer "${text}"`);
      return number;
    }
    case 'double': {
      const number = Number(text.trim());
      if (Number.isNaN(number)) throw new XmlRpcParseError(`Bad double "${text}"`);
      return number;
    }
    case 'boolean':
      return text.trim() === '1' || text.trim().toLowerCase() === 'true';
    case 'nil':
      return null;
    case 'base64':
      return new Uint8Array(Buffer.from(text.replace(/\s+/g, ''), 'base64'));
    case 'dateTime.iso8601':
      return parseIso8601(text.trim());
    case 'array':
      return required(typed, 'data').children.filter((item) => item.name === 'value').map(decodeValue);
    case 'struct': {
      const result: { [key: string]: XmlRpcValue } = {};
      for (const member of typed.children.filter((item) => item.name === 'member')) {
        result[required(member, 'name').text] = decodeValue(required(member, 'value'));
      }
      return result;
    }
    default:
      throw new XmlRpcParseError(`Unknown XML-RPC type <${typed.name}>`);
  }
}

function parseIso8601(text: string): Date {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (!match) throw new XmlRpcParseError(`Bad dateTime "${text}"`);
  const [, year, month, day, hour, minute, second, zone] = match;
  const offset = zone && zone !== 'Z' ? `${zone.slice(0, 3)}:${zone.slice(-2)}` : 'Z';
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
}

/** The value of a methodResponse; throws XmlRpcFault for a fault and XmlRpcParseError for anything else. */
export function decodeMethodResponse(xml: string): XmlRpcValue {
  const document = parseXml(xml);
  const response = required(document, 'methodResponse');
  const fault = child(response, 'fault');
  if (fault) {
    const value = decodeValue(required(fault, 'value'));
    const struct = value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array) ? value : {};
    const code = struct.faultCode;
    const message = struct.faultString;
    throw new XmlRpcFault(typeof code === 'number' ? code : Number(code) || 0, typeof message === 'string' ? message : 'Unknown fault');
  }
  const param = required(required(response, 'params'), 'param');
  return decodeValue(required(param, 'value'));
}
