import 'leaflet/dist/leaflet.css';
import { SERVICE_ITEM_STATUS_COLORS, type ServiceLocation } from '@karm/domain/contract';
import { Box } from '@mantine/core';
import L, { type LatLngExpression } from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import type { DraftItem } from './service-items-draft';

// The default marker's pictures come with the bundle (Leaflet would otherwise guess a path from its CSS).
L.Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow });

/** Oslo, where a project without placed items opens. */
export const DEFAULT_CENTER: ServiceLocation = { lat: 59.9139, lng: 10.7522 };

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** A round pin with the item's number, in its status colour; dashed while not saved. */
const pinOf = (item: DraftItem) =>
  L.divIcon({
    className: 'karm-service-pin',
    html: `<span data-item-id="${item.id}" style="display:flex;align-items:center;justify-content:center;width:30px;height:30px;border-radius:50%;background:${SERVICE_ITEM_STATUS_COLORS[item.status]};color:#fff;font:600 13px/1 system-ui,sans-serif;border:3px ${item.isNew || item.isEdited ? 'dashed' : 'solid'} #fff;box-shadow:0 1px 4px rgba(0,0,0,.5)">${item.number ?? '+'}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });

const ClickToPlace = ({ onPlace }: { onPlace: (location: ServiceLocation) => void }) => {
  useMapEvents({ click: (event) => onPlace({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
};

/**
 * Fits the map to the saved items the first time there are any — not on every click or drag, which
 * would pull the map away from where the user is working.
 */
const FitOnce = ({ points }: { points: readonly ServiceLocation[] }) => {
  const map = useMap();
  const hasFitted = useRef(false);
  useEffect(() => {
    if (hasFitted.current || points.length === 0) return;
    hasFitted.current = true;
    if (points.length === 1) map.setView(points[0] as LatLngExpression, 17);
    else
      map.fitBounds(L.latLngBounds(points.map((point) => [point.lat, point.lng])), {
        padding: [40, 40],
        maxZoom: 18,
      });
  }, [points, map]);
  return null;
};

export type ServiceMapProps = {
  items: readonly DraftItem[];
  /** The tile address ({z}/{x}/{y}); null draws the markers on a blank map (offline, tests). */
  tileUrl: string | null;
  height: number | string;
  label: string;
  /** A click on the map: where a new item goes. */
  onPlace?: (location: ServiceLocation) => void;
  /** A marker dragged to a new place; without it markers stay put. */
  onMove?: (id: string, location: ServiceLocation) => void;
  /** Where a new item will go (a plain marker). */
  pending?: ServiceLocation | null;
  itemLabel: (item: DraftItem) => string;
  /** Where to look first: the saved items (fitted once). */
  fitPoints: readonly ServiceLocation[];
};

/** SPEC §2 service items on a map (Leaflet): numbered pins in status colours, draggable when editing. */
export const ServiceMap = ({
  items,
  tileUrl,
  height,
  label,
  onPlace,
  onMove,
  pending,
  itemLabel,
  fitPoints,
}: ServiceMapProps) => {
  const placed = useMemo(
    () =>
      items.filter(
        (item): item is DraftItem & { location: ServiceLocation } =>
          item.location !== null && !item.isRemoved,
      ),
    [items],
  );
  return (
    <Box
      role="region"
      aria-label={label}
      data-testid="service-map"
      style={{
        height,
        borderRadius: 8,
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-gray-4)',
        background: '#e9ecef',
        // Leaflet's panes and controls use z-indexes up to 1000: kept inside the map, under the app's header.
        isolation: 'isolate',
      }}
    >
      <MapContainer
        attributionControl={tileUrl !== null}
        center={DEFAULT_CENTER}
        zoom={13}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom
      >
        {tileUrl && <TileLayer url={tileUrl} attribution={ATTRIBUTION} maxZoom={19} />}
        <FitOnce points={fitPoints} />
        {onPlace && <ClickToPlace onPlace={onPlace} />}
        {placed.map((item) => (
          <Marker
            // Leaflet sets a marker's title once: a saved item (now numbered) gets a new marker.
            key={`${item.id}:${item.number ?? 'new'}`}
            position={item.location}
            icon={pinOf(item)}
            draggable={onMove !== undefined}
            title={itemLabel(item)}
            alt={itemLabel(item)}
            eventHandlers={{
              dragend: (event) => {
                const { lat, lng } = (event.target as L.Marker).getLatLng();
                onMove?.(item.id, { lat, lng });
              },
            }}
          >
            <Tooltip>{itemLabel(item)}</Tooltip>
          </Marker>
        ))}
        {pending && <Marker position={pending} interactive={false} />}
      </MapContainer>
    </Box>
  );
};
