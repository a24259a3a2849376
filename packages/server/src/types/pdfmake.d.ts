/**
 * The part of pdfmake 0.3's server API Karm uses. Declared here rather than taken from @types/pdfmake,
 * whose `/// <reference lib="dom" />` would put the browser's globals (Blob, fetch, …) into the
 * server's type checking. Extend it as documents need more of pdfmake.
 */
declare module 'pdfmake' {
  /** In points: all sides, [horizontal, vertical], or [left, top, right, bottom]. */
  export type Margins = number | [number, number] | [number, number, number, number];
  /** A width: points, 'auto' (as wide as the content), '*' (a share of the rest) or a percentage. */
  export type Size = number | 'auto' | '*' | `${number}%`;
  export type Alignment = 'left' | 'right' | 'center' | 'justify';

  export type Style = {
    font?: string;
    fontSize?: number;
    bold?: boolean;
    italics?: boolean;
    color?: string;
    fillColor?: string;
    alignment?: Alignment;
    lineHeight?: number;
    characterSpacing?: number;
    decoration?: 'underline' | 'lineThrough' | 'overline';
    noWrap?: boolean;
    margin?: Margins;
  };
  export type StyleDictionary = Record<string, Style>;

  type ContentBase = Style & {
    style?: string | string[];
    width?: Size;
    pageBreak?: 'before' | 'after';
    unbreakable?: boolean;
    /** Table cells only. */
    colSpan?: number;
    rowSpan?: number;
  };

  export type ContentText = ContentBase & { text: string | number | Content[] };
  export type ContentStack = ContentBase & { stack: Content[] };
  export type ContentColumns = ContentBase & { columns: Content[]; columnGap?: number };
  export type ContentImage = ContentBase & {
    /** A data URL (the only kind Karm allows: URLs and local paths are refused by policy). */
    image: string;
    height?: number;
    fit?: [number, number];
  };
  export type CanvasElement =
    | {
        type: 'line';
        x1: number;
        y1: number;
        x2: number;
        y2: number;
        lineWidth?: number;
        lineColor?: string;
        dash?: { length: number; space?: number };
      }
    | {
        type: 'rect';
        x: number;
        y: number;
        w: number;
        h: number;
        r?: number;
        color?: string;
        lineWidth?: number;
        lineColor?: string;
      };
  export type ContentCanvas = ContentBase & { canvas: CanvasElement[] };
  export type ContentList = ContentBase & ({ ul: Content[] } | { ol: Content[] });

  /** An empty object fills the place of a cell another cell spans over. */
  export type TableCell = Content | Record<string, never>;
  export type Table = {
    body: TableCell[][];
    widths?: Size[] | Size;
    heights?: number | number[];
    headerRows?: number;
    keepWithHeaderRows?: number;
    dontBreakRows?: boolean;
  };
  export type TableLayoutName = 'noBorders' | 'headerLineOnly' | 'lightHorizontalLines';
  export type ContentTable = ContentBase & { table: Table; layout?: TableLayoutName };

  export type Content =
    | string
    | number
    | Content[]
    | ContentText
    | ContentStack
    | ContentColumns
    | ContentImage
    | ContentCanvas
    | ContentList
    | ContentTable;

  export type PageSize = { width: number; height: number; orientation: 'portrait' | 'landscape' };
  export type DynamicContent = (currentPage: number, pageCount: number, pageSize: PageSize) => Content | null;

  export type TDocumentInformation = {
    title?: string;
    author?: string;
    subject?: string;
    keywords?: string;
    creator?: string;
    producer?: string;
    creationDate?: Date;
    modDate?: Date;
  };

  export type TDocumentDefinitions = {
    content: Content;
    pageSize?: 'A4' | { width: number; height: number };
    pageOrientation?: 'portrait' | 'landscape';
    pageMargins?: Margins;
    header?: DynamicContent | Content;
    footer?: DynamicContent | Content;
    defaultStyle?: Style;
    styles?: StyleDictionary;
    info?: TDocumentInformation;
    compress?: boolean;
  };

  export type TFontDictionary = Record<
    string,
    { normal: string; bold: string; italics: string; bolditalics: string }
  >;

  export type CreatedPdf = { getBuffer: () => Promise<Buffer> };

  const pdfmake: {
    setFonts: (fonts: TFontDictionary) => void;
    /** Which URLs a document may fetch (images, fonts); without a policy pdfmake warns on every render. */
    setUrlAccessPolicy: (isAllowed: (url: string) => boolean) => void;
    /** Which local files a document may read. */
    setLocalAccessPolicy: (isAllowed: (path: string) => boolean) => void;
    createPdf: (docDefinition: TDocumentDefinitions) => CreatedPdf;
  };
  export default pdfmake;
}
