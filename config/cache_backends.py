"""Django's Redis cache, keeping one redis client per connection pool.

Django's built-in backend builds a new `redis.Redis` object for every cache operation; with
redis-py 8 that setup costs more than the round trip itself (about 1 ms against 0.35 ms measured
here), and our pages make one cache call per request. A redis client is safe to share between
threads, and Django's cache objects are per thread anyway.
"""

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class ReusingRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient
